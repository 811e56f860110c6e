package sightline

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// ChatMessage is one message of a CHAT prompt.
type ChatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// ChatEntry is an entry of a CHAT prompt's body: a message, or a placeholder slot (Type
// "placeholder" with its Name) that compiling fills with messages.
type ChatEntry struct {
	Role    string
	Content string
	Type    string
	Name    string
}

// IsPlaceholder reports whether the entry is a slot rather than a message.
func (e ChatEntry) IsPlaceholder() bool { return e.Type == "placeholder" }

func (e ChatEntry) MarshalJSON() ([]byte, error) {
	if e.IsPlaceholder() {
		return json.Marshal(struct {
			Type string `json:"type"`
			Name string `json:"name"`
		}{e.Type, e.Name})
	}
	return json.Marshal(ChatMessage{Role: e.Role, Content: e.Content})
}

func (e *ChatEntry) UnmarshalJSON(data []byte) error {
	var raw struct {
		Role    string `json:"role"`
		Content string `json:"content"`
		Type    string `json:"type"`
		Name    string `json:"name"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	*e = ChatEntry{Role: raw.Role, Content: raw.Content, Name: raw.Name}
	if raw.Type == "placeholder" {
		e.Type = raw.Type
	}
	return nil
}

// Content is a prompt's body: Text for a TEXT prompt, Chat (non-nil) for a CHAT prompt. In JSON
// it is a string or an array of entries.
type Content struct {
	Text string
	Chat []ChatEntry
}

// TextContent is the body of a TEXT prompt.
func TextContent(text string) Content { return Content{Text: text} }

// ChatContent is the body of a CHAT prompt.
func ChatContent(entries ...ChatEntry) Content {
	if entries == nil {
		entries = []ChatEntry{}
	}
	return Content{Chat: entries}
}

// IsChat reports whether the body is a CHAT prompt's.
func (c Content) IsChat() bool { return c.Chat != nil }

// Messages are the messages of a compiled CHAT body (placeholder slots left out).
func (c Content) Messages() []ChatMessage {
	out := make([]ChatMessage, 0, len(c.Chat))
	for _, e := range c.Chat {
		if !e.IsPlaceholder() {
			out = append(out, ChatMessage{Role: e.Role, Content: e.Content})
		}
	}
	return out
}

func (c Content) MarshalJSON() ([]byte, error) {
	if c.IsChat() {
		return json.Marshal(c.Chat)
	}
	return json.Marshal(c.Text)
}

func (c *Content) UnmarshalJSON(data []byte) error {
	trimmed := strings.TrimSpace(string(data))
	switch {
	case strings.HasPrefix(trimmed, `"`):
		*c = Content{}
		return json.Unmarshal(data, &c.Text)
	case strings.HasPrefix(trimmed, `[`):
		*c = Content{Chat: []ChatEntry{}}
		return json.Unmarshal(data, &c.Chat)
	}
	return errors.New("sightline: prompt content is neither a string nor an array")
}

// variable is `{{name}}` with optional inner spaces; the name is a letter or `_`, then letters,
// digits or `_`.
var variable = regexp.MustCompile(`\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}`)

// CompilePrompt compiles a body as POST /v1/prompts/{name}/compile does, locally. TEXT: each
// `{{variable}}` found in variables is replaced by its value (strings as they are, numbers and
// booleans printed as JavaScript prints them); an unknown one stays as written; values are not
// scanned again. CHAT: each placeholder slot is replaced by the messages given for it, or removed
// when none are given, then variables are substituted in every message.
func CompilePrompt(content Content, variables map[string]any, placeholders map[string][]ChatMessage) Content {
	if !content.IsChat() {
		return Content{Text: substitute(content.Text, variables)}
	}
	out := make([]ChatEntry, 0, len(content.Chat))
	for _, e := range content.Chat {
		if e.IsPlaceholder() {
			for _, m := range placeholders[e.Name] {
				out = append(out, ChatEntry{Role: m.Role, Content: substitute(m.Content, variables)})
			}
			continue
		}
		out = append(out, ChatEntry{Role: e.Role, Content: substitute(e.Content, variables)})
	}
	return Content{Chat: out}
}

func substitute(text string, variables map[string]any) string {
	return variable.ReplaceAllStringFunc(text, func(written string) string {
		name := variable.FindStringSubmatch(written)[1]
		v, ok := variables[name]
		if !ok {
			return written
		}
		return jsString(v)
	})
}

// jsString prints a value as JavaScript's String() does, so local and service compiles agree.
func jsString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return jsNumber(x)
	case float32:
		return jsNumber(float64(x))
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case int32:
		return strconv.FormatInt(int64(x), 10)
	case uint:
		return strconv.FormatUint(uint64(x), 10)
	case uint64:
		return strconv.FormatUint(x, 10)
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return jsNumber(f)
		}
		return x.String()
	case nil:
		return "null"
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}

// jsNumber is ECMAScript's Number::toString: the shortest round-tripping digits, plain notation
// for 1e-7 < |x| < 1e21, otherwise an exponent like "1e+21".
func jsNumber(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	// digits × 10^(n-k), with digits of length k.
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	mant, expPart, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	exp, _ := strconv.Atoi(expPart)
	k, n := len(digits), exp+1
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	expSign := "+"
	if n-1 < 0 {
		expSign = "-"
	}
	abs := n - 1
	if abs < 0 {
		abs = -abs
	}
	if k == 1 {
		return sign + digits + "e" + expSign + strconv.Itoa(abs)
	}
	return sign + digits[:1] + "." + digits[1:] + "e" + expSign + strconv.Itoa(abs)
}
