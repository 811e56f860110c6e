package sightline

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// Events are encoded by hand on the caller's goroutine: encoding/json's reflection was most of
// the cost of a span. Fields follow the ingest bodies in bodies.go; empty ones are left out.

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string: quotes, backslashes and control characters escaped,
// invalid UTF-8 replaced by U+FFFD, as encoding/json does (without its HTML escaping).
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		// U+2028 and U+2029 break JavaScript parsers that take JSON as code.
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// fields appends `"key":value` pairs to an object under construction.
type fields struct{ b []byte }

func (f *fields) key(k string) {
	if f.b[len(f.b)-1] != '{' {
		f.b = append(f.b, ',')
	}
	f.b = append(f.b, '"')
	f.b = append(f.b, k...)
	f.b = append(f.b, '"', ':')
}

func (f *fields) str(k, v string) {
	if v != "" {
		f.key(k)
		f.b = appendString(f.b, v)
	}
}

func (f *fields) raw(k string, v json.RawMessage) {
	if len(v) > 0 {
		f.key(k)
		f.b = append(f.b, v...)
	}
}

func (f *fields) numbers(k string, m map[string]float64) {
	if len(m) == 0 {
		return
	}
	raw, err := json.Marshal(m) // sorted keys; a NaN fails here, and the service would refuse it
	if err != nil {
		return
	}
	f.raw(k, raw)
}

func (f *fields) any(k string, v any) {
	if v == nil {
		return
	}
	f.raw(k, encode(v))
}

func (t *traceJSON) appendJSON(b []byte) []byte {
	f := fields{append(b, '{')}
	f.str("id", t.ID)
	f.str("timestamp", t.Timestamp)
	f.str("name", t.Name)
	f.str("userId", t.UserID)
	f.str("sessionId", t.SessionID)
	f.str("release", t.Release)
	f.str("version", t.Version)
	f.str("environment", t.Environment)
	if len(t.Tags) > 0 {
		f.key("tags")
		f.b = append(f.b, '[')
		for i, tag := range t.Tags {
			if i > 0 {
				f.b = append(f.b, ',')
			}
			f.b = appendString(f.b, tag)
		}
		f.b = append(f.b, ']')
	}
	f.raw("metadata", t.Metadata)
	f.raw("input", t.Input)
	f.raw("output", t.Output)
	return append(f.b, '}')
}

func (o *observationBody) appendJSON(b []byte) []byte {
	f := fields{append(b, '{')}
	f.str("id", o.ID)
	f.str("traceId", o.TraceID)
	f.str("parentObservationId", o.ParentObservationID)
	f.str("name", o.Name)
	f.str("startTime", o.StartTime)
	f.str("endTime", o.EndTime)
	f.str("completionStartTime", o.CompletionStartTime)
	f.str("level", string(o.Level))
	f.str("statusMessage", o.StatusMessage)
	f.str("version", o.Version)
	f.str("environment", o.Environment)
	f.raw("metadata", o.Metadata)
	f.raw("input", o.Input)
	f.raw("output", o.Output)
	f.str("model", o.Model)
	if len(o.ModelParameters) > 0 {
		f.any("modelParameters", o.ModelParameters)
	}
	f.numbers("usageDetails", o.UsageDetails)
	f.numbers("costDetails", o.CostDetails)
	f.str("promptName", o.PromptName)
	if o.PromptVersion != nil {
		f.key("promptVersion")
		f.b = strconv.AppendInt(f.b, int64(*o.PromptVersion), 10)
	}
	return append(f.b, '}')
}

func (s *scoreJSON) appendJSON(b []byte) []byte {
	f := fields{append(b, '{')}
	f.str("id", s.ID)
	f.str("traceId", s.TraceID)
	f.str("observationId", s.ObservationID)
	f.str("sessionId", s.SessionID)
	f.key("name")
	f.b = appendString(f.b, s.Name)
	if s.Value != nil {
		f.any("value", *s.Value)
	}
	f.str("stringValue", s.StringValue)
	f.str("dataType", string(s.DataType))
	f.str("comment", s.Comment)
	f.str("configId", s.ConfigID)
	f.str("environment", s.Environment)
	f.raw("metadata", s.Metadata)
	return append(f.b, '}')
}

// body is an ingest event body that encodes itself.
type body interface {
	appendJSON([]byte) []byte
}
