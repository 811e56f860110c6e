package sightline

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"sort"
	"testing"
	"time"
)

func TestConformanceBatching(t *testing.T) {
	for _, c := range loadConformance(t).Batching.Cases {
		c := c
		t.Run(c.Name, func(t *testing.T) {
			f := newFakeIngest(t)
			client, seen := newTestClient(t, f.URL, WithFlushInterval(time.Hour))
			defer client.Shutdown(context.Background())
			client.queue.mu.Lock()
			client.queue.paused = c.Paused
			client.queue.mu.Unlock()
			for i := 0; i < c.Enqueue; i++ {
				client.Trace(TraceOptions{Name: "t"})
			}
			if c.Paused {
				s := client.Stats()
				if s.Queued != c.ExpectQueued || s.Dropped != c.ExpectDropped {
					t.Fatalf("queued %d dropped %d, want %d and %d", s.Queued, s.Dropped, c.ExpectQueued, c.ExpectDropped)
				}
				client.queue.mu.Lock()
				client.queue.paused = false
				client.queue.mu.Unlock()
				if err := client.Flush(context.Background()); err != nil {
					t.Fatal(err)
				}
				if f.total() != c.ExpectQueued {
					t.Fatalf("sent %d, want %d", f.total(), c.ExpectQueued)
				}
				// The sender reports drops as it sees them: a wake-up while the events were still being added
				// reports those dropped so far and a later one the rest, so the reports add up to the count.
				var reported int64
				for _, err := range seen.list() {
					var dropped *DroppedError
					if errors.As(err, &dropped) {
						reported += dropped.Count
					}
				}
				if reported != c.ExpectDropped {
					t.Fatalf("overflow not reported: %v", seen.list())
				}
				return
			}
			full := 0
			for _, n := range c.ExpectBatches {
				if n == DefaultMaxBatchEvents {
					full++
				}
			}
			// Full batches leave at once; the rest waits for the interval (an hour here) or Flush.
			waitFor(t, "the full batches", func() bool { return len(f.sizes()) >= full })
			time.Sleep(50 * time.Millisecond)
			if got := len(f.sizes()); got != full {
				t.Fatalf("%d batches before Flush, want %d", got, full)
			}
			if err := client.Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			want := append([]int(nil), c.ExpectBatches...)
			sort.Sort(sort.Reverse(sort.IntSlice(want)))
			if got := f.sizes(); !reflect.DeepEqual(got, want) {
				t.Fatalf("batches %v, want %v", got, want)
			}
		})
	}
}

func TestFlushIntervalSendsAPartialBatch(t *testing.T) {
	f := newFakeIngest(t)
	client, _ := newTestClient(t, f.URL, WithFlushInterval(100*time.Millisecond))
	defer client.Shutdown(context.Background())
	for i := 0; i < 7; i++ {
		client.Trace(TraceOptions{})
	}
	waitFor(t, "the interval's batch", func() bool { return f.total() == 7 })
	if got := f.sizes(); !reflect.DeepEqual(got, []int{7}) {
		t.Fatalf("batches %v", got)
	}
	if f.bodies[0]["sdk"].(map[string]any)["name"] != SDKName {
		t.Fatalf("sdk field %v", f.bodies[0]["sdk"])
	}
}

func TestPerEventErrorsGoToTheHandler(t *testing.T) {
	f := newFakeIngest(t)
	f.refuse["score-create"] = true
	client, seen := newTestClient(t, f.URL)
	defer client.Shutdown(context.Background())
	tr := client.Trace(TraceOptions{Name: "t"})
	id := tr.Score(ScoreOptions{Name: "quality", Value: 1})
	if err := client.Flush(context.Background()); err != nil {
		t.Fatalf("per-event errors must not come back from Flush: %v", err)
	}
	var ie *IngestError
	for _, err := range seen.list() {
		errors.As(err, &ie)
	}
	if ie == nil || ie.Status != 400 || ie.EventID == "" || id == "" {
		t.Fatalf("reported %v", seen.list())
	}
	if s := client.Stats(); s.Sent != 1 || s.Refused != 1 {
		t.Fatalf("stats %+v", s)
	}
}

func TestRetriesHonourRetryAfter(t *testing.T) {
	f := newFakeIngest(t)
	f.fail = func(n int) (int, http.Header) {
		if n == 1 {
			return 429, http.Header{"Retry-After": {"1"}}
		}
		if n == 2 {
			return 503, nil
		}
		return 0, nil
	}
	client, _ := newTestClient(t, f.URL)
	defer client.Shutdown(context.Background())
	client.Trace(TraceOptions{})
	start := time.Now()
	if err := client.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(start); waited < time.Second {
		t.Fatalf("retried after %v, before Retry-After", waited)
	}
	if f.total() != 1 || f.calls != 3 {
		t.Fatalf("delivered %d in %d calls", f.total(), f.calls)
	}
}

func TestServiceDownKeepsEventsQueued(t *testing.T) {
	f := newFakeIngest(t)
	down := true
	f.fail = func(int) (int, http.Header) {
		if down {
			return 502, nil
		}
		return 0, nil
	}
	client, seen := newTestClient(t, f.URL, WithMaxRetries(1))
	defer client.Shutdown(context.Background())
	for i := 0; i < 5; i++ {
		client.Trace(TraceOptions{})
	}
	var undelivered *UndeliveredError
	if err := client.Flush(context.Background()); !errors.As(err, &undelivered) || undelivered.Count != 5 {
		t.Fatalf("Flush answered %v", err)
	}
	if s := client.Stats(); s.Queued != 5 || s.Lost != 0 {
		t.Fatalf("stats %+v", s)
	}
	if len(seen.list()) == 0 {
		t.Fatal("the failure was not reported")
	}
	f.mu.Lock()
	down = false
	f.mu.Unlock()
	if err := client.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if f.total() != 5 {
		t.Fatalf("delivered %d", f.total())
	}
}

func TestSlowServiceNeverBlocksTheCaller(t *testing.T) {
	release := make(chan struct{})
	slow := newFakeIngest(t)
	slow.fail = func(int) (int, http.Header) { <-release; return 0, nil }
	defer close(release)
	client, _ := newTestClient(t, slow.URL, WithTimeout(200*time.Millisecond), WithMaxRetries(0))
	for i := 0; i < 300; i++ {
		start := time.Now()
		client.Trace(TraceOptions{}).Span(ObservationOptions{Name: "s"}).End(EndOptions{})
		if d := time.Since(start); d > 50*time.Millisecond {
			t.Fatalf("recording took %v", d)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_ = client.Flush(ctx)
	if d := time.Since(start); d > time.Second {
		t.Fatalf("Flush outlived its context: %v", d)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel2()
	var undelivered *UndeliveredError
	if err := client.Shutdown(ctx2); !errors.As(err, &undelivered) || undelivered.Count == 0 {
		t.Fatalf("Shutdown answered %v", err)
	}
	if s := client.Stats(); s.Lost == 0 || s.Queued != 0 {
		t.Fatalf("stats %+v", s)
	}
}

func TestShutdownFlushesAndStopsTakingEvents(t *testing.T) {
	f := newFakeIngest(t)
	client, _ := newTestClient(t, f.URL, WithFlushInterval(time.Hour))
	tr := client.Trace(TraceOptions{Name: "t"})
	g := tr.Generation(GenerationOptions{Name: "llm", Model: "gpt-4o"})
	g.End(EndOptions{Usage: Usage{"input": 3, "output": 4}, Cost: Cost{"input": 0.1}})
	if err := client.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if f.total() != 3 {
		t.Fatalf("delivered %d", f.total())
	}
	client.Trace(TraceOptions{})
	if s := client.Stats(); s.Dropped != 1 {
		t.Fatalf("stats %+v", s)
	}
	if err := client.Flush(context.Background()); err == nil {
		t.Fatal("Flush after Shutdown succeeded")
	}
}

func TestShutdownWithoutDeadlineIsBoundedByTheTimeout(t *testing.T) {
	f := newFakeIngest(t)
	f.fail = func(int) (int, http.Header) { return 503, nil }
	client, _ := newTestClient(t, f.URL, WithTimeout(500*time.Millisecond))
	client.Trace(TraceOptions{})
	start := time.Now()
	var undelivered *UndeliveredError
	if err := client.Shutdown(context.Background()); !errors.As(err, &undelivered) || undelivered.Count != 1 {
		t.Fatalf("Shutdown answered %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("Shutdown took %v with a 500 ms timeout", d)
	}
}
