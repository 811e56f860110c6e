// Command bench measures the Go SDK against a running service (SIGHTLINE_BASE_URL and keys):
// the time a span costs the caller's goroutine, and how many events one client delivers per
// second. It prints one JSON object; bench/sdk-go.ts turns it into docs/benchmarks.md's section.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"sort"
	"time"

	sightline "sightline/sdk/go"
)

type result struct {
	Spans           int     `json:"spans"`
	SpanP50Us       float64 `json:"spanP50Us"`
	SpanP99Us       float64 `json:"spanP99Us"`
	StartP50Us      float64 `json:"startP50Us"`
	EndP50Us        float64 `json:"endP50Us"`
	Events          int     `json:"events"`
	EventsPerSecond float64 `json:"eventsPerSecond"`
	Seconds         float64 `json:"seconds"`
	Sent            int64   `json:"sent"`
	Refused         int64   `json:"refused"`
	Dropped         int64   `json:"dropped"`
	Lost            int64   `json:"lost"`
	Concurrency     int     `json:"concurrency"`
	GoVersion       string  `json:"goVersion"`
	GOMAXPROCS      int     `json:"gomaxprocs"`
}

func main() {
	spans := flag.Int("spans", 20000, "spans timed for the per-span overhead")
	events := flag.Int("events", 100000, "events sent for the throughput")
	concurrency := flag.Int("concurrency", sightline.DefaultConcurrency, "ingest requests in flight")
	flag.Parse()
	if err := run(*spans, *events, *concurrency); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(spans, events, concurrency int) error {
	client, err := sightline.New(sightline.WithConcurrency(concurrency), sightline.WithErrorHandler(func(err error) { fmt.Fprintln(os.Stderr, err) }))
	if err != nil {
		return err
	}
	ctx := context.Background()
	r := result{Spans: spans, Events: events, Concurrency: concurrency, GoVersion: runtime.Version(), GOMAXPROCS: runtime.GOMAXPROCS(0)}
	input := map[string]any{"question": "What is the capital of France?", "k": 3}

	// Overhead: start and end of a span as the application calls them, the sender running.
	pair, start, end := make([]time.Duration, 0, spans), make([]time.Duration, 0, spans), make([]time.Duration, 0, spans)
	tr := client.Trace(sightline.TraceOptions{Name: "bench"})
	for i := 0; i < spans; i++ {
		if i%1000 == 0 {
			waitBelow(client, 5000) // stay under the queue bound: a dropped event costs less than a queued one
		}
		t0 := time.Now()
		s := tr.Span(sightline.ObservationOptions{Name: "retrieve", Input: input})
		t1 := time.Now()
		s.End(sightline.EndOptions{Output: "Paris"})
		t2 := time.Now()
		start, end, pair = append(start, t1.Sub(t0)), append(end, t2.Sub(t1)), append(pair, t2.Sub(t0))
	}
	if err := client.Flush(ctx); err != nil {
		return err
	}
	r.SpanP50Us, r.SpanP99Us = micros(pair, 0.5), micros(pair, 0.99)
	r.StartP50Us, r.EndP50Us = micros(start, 0.5), micros(end, 0.5)

	// Throughput: events recorded as fast as the queue takes them, until the last is delivered.
	before := client.Stats()
	began := time.Now()
	for i := 0; i < events; i++ {
		if i%500 == 0 {
			waitBelow(client, 9000)
		}
		tr.Event(sightline.ObservationOptions{Name: "tick", Input: input})
	}
	if err := client.Flush(ctx); err != nil {
		return err
	}
	r.Seconds = time.Since(began).Seconds()
	after := client.Stats()
	r.Sent, r.Refused, r.Dropped, r.Lost = after.Sent-before.Sent, after.Refused-before.Refused, after.Dropped, after.Lost
	r.EventsPerSecond = float64(r.Sent) / r.Seconds
	if err := client.Shutdown(ctx); err != nil {
		return err
	}
	return json.NewEncoder(os.Stdout).Encode(r)
}

func waitBelow(c *sightline.Client, n int) {
	for c.Stats().Queued > n {
		time.Sleep(100 * time.Microsecond)
	}
}

func micros(d []time.Duration, q float64) float64 {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := int(q * float64(len(s)))
	if i >= len(s) {
		i = len(s) - 1
	}
	return float64(s[i].Nanoseconds()) / 1000
}
