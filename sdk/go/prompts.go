package sightline

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"sync"
	"time"
)

// DefaultCacheTTL is how long GetPrompt serves a fetched prompt before refreshing it.
const DefaultCacheTTL = 60 * time.Second

// Prompt is one resolved version of a prompt (includes expanded).
type Prompt struct {
	Name    string         `json:"name"`
	Version int            `json:"version"`
	Type    string         `json:"type"` // "TEXT" or "CHAT"
	Content Content        `json:"content"`
	Config  map[string]any `json:"config"`
	Labels  []string       `json:"labels"`
	// IsFallback is true when this is PromptOptions.Fallback, served because the fetch failed.
	IsFallback bool `json:"-"`
}

// Compile fills the prompt's variables and placeholder slots locally (see CompilePrompt).
func (p *Prompt) Compile(variables map[string]any, placeholders map[string][]ChatMessage) Content {
	return CompilePrompt(p.Content, variables, placeholders)
}

// PromptOptions select a version and say how to cache it.
type PromptOptions struct {
	Channel  string        // a label; default "production" unless Version is set
	Version  int           // a version number instead of a channel
	CacheTTL time.Duration // default 60 s; negative: always fetch
	// Fallback is served (with IsFallback set) when the prompt cannot be fetched and none is
	// cached: the service is down, slow or refuses. The failure goes to the error handler.
	Fallback *Prompt
}

// GetPrompt returns a prompt version from the in-process cache when it is younger than CacheTTL.
// After that it still answers from the cache at once and refreshes in the background
// (stale-while-revalidate). Only the first fetch of a name and selector waits for the service,
// at most the client's timeout.
func (c *Client) GetPrompt(ctx context.Context, name string, o PromptOptions) (*Prompt, error) {
	ttl := o.CacheTTL
	if ttl == 0 {
		ttl = DefaultCacheTTL
	}
	key := promptKey{name: name, channel: o.Channel, version: o.Version}
	if ttl > 0 {
		if p, stale, ok := c.prompts.get(key, ttl); ok {
			if stale {
				go c.refreshPrompt(key)
			}
			return p, nil
		}
	}
	p, err := c.fetchPrompt(ctx, key)
	if err != nil {
		if o.Fallback != nil {
			c.report(fmt.Errorf("sightline: prompt %q served from its fallback: %w", name, err))
			fb := *o.Fallback
			if fb.Name == "" {
				fb.Name = name
			}
			if fb.Type == "" {
				fb.Type = "TEXT"
				if fb.Content.IsChat() {
					fb.Type = "CHAT"
				}
			}
			fb.IsFallback = true
			return &fb, nil
		}
		return nil, err
	}
	if ttl > 0 {
		c.prompts.put(key, p)
	}
	copy := *p
	return &copy, nil
}

func (c *Client) fetchPrompt(ctx context.Context, k promptKey) (*Prompt, error) {
	q := url.Values{}
	switch {
	case k.version > 0:
		q.Set("version", strconv.Itoa(k.version))
	case k.channel != "":
		q.Set("channel", k.channel)
	default:
		q.Set("channel", "production")
	}
	var p Prompt
	if err := c.call(ctx, "GET", "/v1/prompts/"+pathEscape(k.name)+"?"+q.Encode(), nil, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

// refreshPrompt fetches a stale entry again; on failure the stale value keeps being served.
func (c *Client) refreshPrompt(k promptKey) {
	p, err := c.fetchPrompt(c.bg, k)
	if err != nil {
		c.prompts.failed(k)
		c.report(fmt.Errorf("sightline: refreshing prompt %q: %w", k.name, err))
		return
	}
	c.prompts.put(k, p)
}

type promptKey struct {
	name, channel string
	version       int
}

type promptEntry struct {
	prompt     *Prompt
	fetched    time.Time
	refreshing bool
	// retryAt spaces refreshes while the service fails, so a hot path does not hammer it.
	retryAt time.Time
}

type promptCache struct {
	mu      sync.Mutex
	entries map[promptKey]*promptEntry
}

// refreshRetry is how long a failed refresh waits before the next one.
const refreshRetry = 5 * time.Second

func newPromptCache() *promptCache {
	return &promptCache{entries: map[promptKey]*promptEntry{}}
}

// get answers a copy of the cached prompt and whether the caller should start a refresh (it is
// stale and no refresh is running); the caller that gets stale=true owns the refresh.
func (pc *promptCache) get(k promptKey, ttl time.Duration) (p *Prompt, stale, ok bool) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	e := pc.entries[k]
	if e == nil {
		return nil, false, false
	}
	now := time.Now()
	if now.Sub(e.fetched) >= ttl && !e.refreshing && !now.Before(e.retryAt) {
		e.refreshing, stale = true, true
	}
	copy := *e.prompt
	return &copy, stale, true
}

func (pc *promptCache) put(k promptKey, p *Prompt) {
	pc.mu.Lock()
	pc.entries[k] = &promptEntry{prompt: p, fetched: time.Now()}
	pc.mu.Unlock()
}

func (pc *promptCache) failed(k promptKey) {
	pc.mu.Lock()
	if e := pc.entries[k]; e != nil {
		e.refreshing, e.retryAt = false, time.Now().Add(refreshRetry)
	}
	pc.mu.Unlock()
}
