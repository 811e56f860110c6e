package sightline

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkSpan is the cost of starting and ending a span on the caller's goroutine, the sender
// delivering to a server that accepts everything. `go run ./cmd/bench` measures against the service.
func BenchmarkSpan(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.WriteHeader(207)
		_, _ = w.Write([]byte(`{"successes":[],"errors":[]}`))
	}))
	defer srv.Close()
	c, err := New(WithBaseURL(srv.URL), WithKeys("pk", "sk"), WithMaxQueuedEvents(1<<30))
	if err != nil {
		b.Fatal(err)
	}
	defer c.Shutdown(context.Background())
	tr := c.Trace(TraceOptions{Name: "bench"})
	input := map[string]any{"question": "What is the capital of France?", "k": 3}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := tr.Span(ObservationOptions{Name: "retrieve", Input: input})
		s.End(EndOptions{Output: "Paris"})
	}
}
