package sightline

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sort"
	"sync"
	"testing"
	"time"
)

// fakeIngest is an ingest endpoint that records batch sizes and answers like the service, or
// as told by fail (a status to answer instead, 0 for a 207).
type fakeIngest struct {
	*httptest.Server
	mu      sync.Mutex
	batches []int
	bodies  []map[string]any
	fail    func(n int) (status int, header http.Header)
	refuse  map[string]bool // event ids answered as per-event errors
	calls   int
}

func newFakeIngest(t *testing.T) *fakeIngest {
	f := &fakeIngest{refuse: map[string]bool{}}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.calls++
		call := f.calls
		fail := f.fail
		f.mu.Unlock()
		if pk, sk, ok := r.BasicAuth(); !ok || pk != "pk-test" || sk != "sk-test" {
			w.WriteHeader(401)
			return
		}
		if fail != nil {
			if status, header := fail(call); status != 0 {
				for k, v := range header {
					w.Header()[k] = v
				}
				w.WriteHeader(status)
				_, _ = w.Write([]byte(`{"error":{"code":"busy","message":"try later"}}`))
				return
			}
		}
		var body struct {
			Batch []map[string]any `json:"batch"`
			SDK   map[string]any   `json:"sdk"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			w.WriteHeader(400)
			return
		}
		answer := map[string][]map[string]any{"successes": {}, "errors": {}}
		f.mu.Lock()
		f.batches = append(f.batches, len(body.Batch))
		f.bodies = append(f.bodies, map[string]any{"sdk": body.SDK})
		for _, e := range body.Batch {
			id := e["id"].(string)
			if f.refuse[e["type"].(string)] {
				answer["errors"] = append(answer["errors"], map[string]any{"id": id, "status": 400, "message": "refused"})
			} else {
				answer["successes"] = append(answer["successes"], map[string]any{"id": id, "status": 201})
			}
		}
		f.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(207)
		_ = json.NewEncoder(w).Encode(answer)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeIngest) sizes() []int {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := append([]int(nil), f.batches...)
	sort.Sort(sort.Reverse(sort.IntSlice(out)))
	return out
}

func (f *fakeIngest) total() int {
	n := 0
	for _, s := range f.sizes() {
		n += s
	}
	return n
}

// errorsSeen collects what the client reports to its error handler.
type errorsSeen struct {
	mu   sync.Mutex
	errs []error
}

func (e *errorsSeen) handle(err error) {
	e.mu.Lock()
	e.errs = append(e.errs, err)
	e.mu.Unlock()
}

func (e *errorsSeen) list() []error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]error(nil), e.errs...)
}

func newTestClient(t *testing.T, url string, opts ...Option) (*Client, *errorsSeen) {
	t.Helper()
	seen := &errorsSeen{}
	c, err := New(append([]Option{WithBaseURL(url), WithKeys("pk-test", "sk-test"), WithErrorHandler(seen.handle)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c, seen
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
