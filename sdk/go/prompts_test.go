package sightline

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

func TestPromptCacheServesStaleWhileRevalidating(t *testing.T) {
	var version, fetches int32 = 1, 0
	release := make(chan struct{}, 10)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if atomic.AddInt32(&fetches, 1) > 1 {
			<-release // refreshes wait, so the stale answer is provably not waiting for them
		}
		if r.URL.Query().Get("channel") != "production" {
			w.WriteHeader(400)
			return
		}
		fmt.Fprintf(w, `{"name":"greet","version":%d,"type":"TEXT","content":"Hi {{name}}","config":{},"labels":["production"]}`, atomic.LoadInt32(&version))
	}))
	defer srv.Close()
	client, _ := newTestClient(t, srv.URL)
	defer client.Shutdown(context.Background())
	ctx := context.Background()
	opts := PromptOptions{CacheTTL: 50 * time.Millisecond}

	p, err := client.GetPrompt(ctx, "greet", opts)
	if err != nil || p.Version != 1 || p.Compile(map[string]any{"name": "Ada"}, nil).Text != "Hi Ada" {
		t.Fatalf("%+v %v", p, err)
	}
	if p, _ := client.GetPrompt(ctx, "greet", opts); p.Version != 1 || atomic.LoadInt32(&fetches) != 1 {
		t.Fatal("a fresh entry was fetched again")
	}
	atomic.StoreInt32(&version, 2)
	time.Sleep(60 * time.Millisecond)
	start := time.Now()
	if p, _ := client.GetPrompt(ctx, "greet", opts); p.Version != 1 || time.Since(start) > 20*time.Millisecond {
		t.Fatalf("stale entry not served at once: %+v after %v", p, time.Since(start))
	}
	release <- struct{}{}
	waitFor(t, "the refresh", func() bool {
		p, _ := client.GetPrompt(ctx, "greet", PromptOptions{CacheTTL: time.Hour})
		return p.Version == 2
	})
	if n := atomic.LoadInt32(&fetches); n != 2 {
		t.Fatalf("%d fetches, want 2 (one refresh)", n)
	}
}

func TestPromptFallbackWhenUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // a closed port
	client, seen := newTestClient(t, url, WithTimeout(2*time.Second))
	defer client.Shutdown(context.Background())
	start := time.Now()
	p, err := client.GetPrompt(context.Background(), "greet", PromptOptions{Fallback: &Prompt{Content: TextContent("Hello {{name}}")}})
	if err != nil || !p.IsFallback || p.Name != "greet" || p.Type != "TEXT" {
		t.Fatalf("%+v %v", p, err)
	}
	if time.Since(start) > 3*time.Second {
		t.Fatalf("took %v", time.Since(start))
	}
	if len(seen.list()) == 0 {
		t.Fatal("the failed fetch was not reported")
	}
	if _, err := client.GetPrompt(context.Background(), "greet", PromptOptions{}); err == nil {
		t.Fatal("no error without a fallback")
	}
}

func TestSlowServiceGivesTheFallbackWithinTheTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	defer srv.Close()
	defer close(release)
	client, _ := newTestClient(t, srv.URL, WithTimeout(300*time.Millisecond))
	defer client.Shutdown(context.Background())
	start := time.Now()
	p, err := client.GetPrompt(context.Background(), "greet", PromptOptions{Fallback: &Prompt{Content: ChatContent(ChatEntry{Role: "system", Content: "Hi"})}})
	if err != nil || !p.IsFallback || p.Type != "CHAT" {
		t.Fatalf("%+v %v", p, err)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("waited %v with a 300 ms timeout", d)
	}
}
