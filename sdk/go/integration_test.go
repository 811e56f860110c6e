package sightline

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// These tests run against a live service named by SIGHTLINE_BASE_URL (with SIGHTLINE_PUBLIC_KEY and
// SIGHTLINE_SECRET_KEY, an ADMIN key); tests/sdk/go.test.ts starts one for `npm test`.

func liveClient(t *testing.T, opts ...Option) (*Client, *errorsSeen) {
	t.Helper()
	if os.Getenv("SIGHTLINE_BASE_URL") == "" {
		t.Skip("SIGHTLINE_BASE_URL is not set: no service to test against")
	}
	seen := &errorsSeen{}
	c, err := New(append([]Option{WithErrorHandler(seen.handle)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Shutdown(context.Background()) })
	return c, seen
}

func unique(prefix string) string { return prefix + "-" + NewID()[:8] }

// eventually retries check until it passes: ingest is asynchronous (the worker writes batches
// a moment after the 207).
func eventually(t *testing.T, what string, check func() error) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		err := check()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %v", what, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

type storedTrace struct {
	ID           string         `json:"id"`
	Name         *string        `json:"name"`
	UserID       *string        `json:"userId"`
	Input        any            `json:"input"`
	Output       any            `json:"output"`
	Tags         []string       `json:"tags"`
	Observations []storedObs    `json:"observations"`
	Scores       []storedScore  `json:"scores"`
	Metadata     map[string]any `json:"metadata"`
}

type storedObs struct {
	ID                  string             `json:"id"`
	Type                string             `json:"type"`
	Name                *string            `json:"name"`
	ParentObservationID *string            `json:"parentObservationId"`
	EndTime             *string            `json:"endTime"`
	Model               *string            `json:"model"`
	Output              any                `json:"output"`
	UsageDetails        map[string]float64 `json:"usageDetails"`
	CostDetails         map[string]float64 `json:"costDetails"`
	CostSource          *string            `json:"costSource"`
}

type storedScore struct {
	ID            string   `json:"id"`
	Name          *string  `json:"name"`
	Value         *float64 `json:"value"`
	StringValue   *string  `json:"stringValue"`
	ObservationID *string  `json:"observationId"`
	Source        *string  `json:"source"`
}

func TestLiveIngestRoundTrip(t *testing.T) {
	c, seen := liveClient(t)
	ctx := context.Background()
	tr := c.Trace(TraceOptions{Name: "checkout", UserID: "u-1", Input: map[string]any{"q": "hi"}, Tags: []string{"go-sdk"}, Metadata: map[string]any{"k": "v"}})
	span := tr.Span(ObservationOptions{Name: "retrieve", Input: "query"})
	gen := span.Generation(GenerationOptions{Name: "llm", Model: "gpt-4o-mini", ModelParameters: map[string]any{"temperature": 0.2}})
	gen.End(EndOptions{Output: "answer", Usage: Usage{"input": 12, "output": 30, "total": 42}, Cost: Cost{"input": 0.0012, "output": 0.003}})
	span.End(EndOptions{Output: []string{"doc1"}})
	eventID := tr.Event(ObservationOptions{Name: "cache-miss", Level: LevelWarning})
	scoreID := gen.Score(ScoreOptions{Name: "helpful", Value: 0.75, Comment: "ok"})
	tr.Score(ScoreOptions{Name: "label", StringValue: "good"})
	tr.Update(TraceOptions{Output: "answer"})
	if err := c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if errs := seen.list(); len(errs) > 0 {
		t.Fatalf("refused: %v", errs)
	}
	var got storedTrace
	eventually(t, "trace read back", func() error {
		got = storedTrace{}
		if err := c.call(ctx, "GET", "/v1/traces/"+tr.ID, nil, &got); err != nil {
			return err
		}
		if len(got.Observations) != 3 || len(got.Scores) != 2 || got.Output == nil {
			return fmt.Errorf("%d observations, %d scores, output %v", len(got.Observations), len(got.Scores), got.Output)
		}
		return nil
	})
	if *got.Name != "checkout" || *got.UserID != "u-1" || got.Output != "answer" || !reflect.DeepEqual(got.Tags, []string{"go-sdk"}) || got.Metadata["k"] != "v" {
		t.Fatalf("trace %+v", got)
	}
	byID := map[string]storedObs{}
	for _, o := range got.Observations {
		byID[o.ID] = o
	}
	g := byID[gen.ID]
	if g.Type != "GENERATION" || *g.Model != "gpt-4o-mini" || *g.ParentObservationID != span.ID || g.EndTime == nil || g.Output != "answer" {
		t.Fatalf("generation %+v", g)
	}
	if g.UsageDetails["input"] != 12 || g.UsageDetails["output"] != 30 || g.CostDetails["input"] != 0.0012 || *g.CostSource != "client" {
		t.Fatalf("usage %v cost %v source %v", g.UsageDetails, g.CostDetails, g.CostSource)
	}
	if s := byID[span.ID]; s.Type != "SPAN" || s.EndTime == nil {
		t.Fatalf("span %+v", s)
	}
	if e := byID[eventID]; e.Type != "EVENT" {
		t.Fatalf("event %+v", e)
	}
	for _, s := range got.Scores {
		switch *s.Name {
		case "helpful":
			if s.ID != scoreID || *s.Value != 0.75 || *s.ObservationID != gen.ID {
				t.Fatalf("score %+v", s)
			}
		case "label":
			if *s.StringValue != "good" {
				t.Fatalf("score %+v", s)
			}
		}
	}
	if st := c.Stats(); st.Sent != 9 || st.Refused != 0 || st.Queued != 0 {
		t.Fatalf("stats %+v", st)
	}
}

func TestLiveRefusedEventsGoToTheHandler(t *testing.T) {
	c, seen := liveClient(t)
	c.Score(ScoreOptions{Name: "orphan", Value: 1}) // no trace or session: refused one by one
	if err := c.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	var ie *IngestError
	for _, err := range seen.list() {
		errors.As(err, &ie)
	}
	if ie == nil || ie.Status != 400 {
		t.Fatalf("reported %v", seen.list())
	}
}

func TestLiveScoresAndEvaluator(t *testing.T) {
	c, _ := liveClient(t)
	ctx := context.Background()
	tr := c.Trace(TraceOptions{Name: "scored", Input: "2+2", Output: "4"})
	if err := c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	id, err := c.CreateScore(ctx, ScoreOptions{TraceID: tr.ID, Name: "thumbs", Value: 1, DataType: Boolean})
	if err != nil || id == "" {
		t.Fatal(id, err)
	}
	name := unique("exact")
	if err := c.call(ctx, "POST", "/v1/evaluators", map[string]any{"name": name, "kind": "CODE", "expression": "exactMatch(output, expected)"}, nil); err != nil {
		t.Fatal(err)
	}
	score, err := c.RunEvaluator(ctx, name, EvaluatorInput{TraceID: tr.ID, Input: "2+2", Output: "4", ExpectedOutput: "4"})
	if err != nil {
		t.Fatal(err)
	}
	if score.Source != "EVAL" || score.Value == nil || *score.Value != 1 {
		t.Fatalf("score %+v", score)
	}
	var apiErr *APIError
	if _, err := c.RunEvaluator(ctx, unique("missing"), EvaluatorInput{TraceID: tr.ID, Output: "x"}); !errors.As(err, &apiErr) || apiErr.Status != 404 {
		t.Fatalf("unknown evaluator answered %v", err)
	}
	eventually(t, "scores read back", func() error {
		var got storedTrace
		if err := c.call(ctx, "GET", "/v1/traces/"+tr.ID, nil, &got); err != nil {
			return err
		}
		if len(got.Scores) != 2 {
			return fmt.Errorf("%d scores", len(got.Scores))
		}
		return nil
	})
}

// savePrompt stores a version labelled production.
func savePrompt(t *testing.T, c *Client, name string, content Content) {
	t.Helper()
	kind := "TEXT"
	if content.IsChat() {
		kind = "CHAT"
	}
	in := map[string]any{"name": name, "type": kind, "content": content, "labels": []string{"production"}}
	if err := c.call(context.Background(), "POST", "/v1/prompts", in, nil); err != nil {
		t.Fatal(err)
	}
}

func TestLiveCompileConformance(t *testing.T) {
	c, _ := liveClient(t)
	ctx := context.Background()
	for i, cc := range loadConformance(t).Compile {
		name := unique(fmt.Sprintf("conf-%d", i))
		savePrompt(t, c, name, cc.Content)
		var served struct {
			Compiled any `json:"compiled"`
		}
		in := map[string]any{"variables": cc.Variables, "placeholders": cc.Placeholders}
		if err := c.call(ctx, "POST", "/v1/prompts/"+name+"/compile", in, &served); err != nil {
			t.Fatal(cc.Name, err)
		}
		p, err := c.GetPrompt(ctx, name, PromptOptions{})
		if err != nil {
			t.Fatal(cc.Name, err)
		}
		local := asJSON(t, p.Compile(cc.Variables, cc.Placeholders))
		if !reflect.DeepEqual(local, served.Compiled) || !reflect.DeepEqual(local, cc.Expected) {
			t.Fatalf("%s: local %#v, service %#v, expected %#v", cc.Name, local, served.Compiled, cc.Expected)
		}
	}
}

// switchableProxy forwards to the service until it is switched off; then every request fails as
// if the service were down.
type switchableProxy struct {
	*httptest.Server
	mu  sync.Mutex
	off bool
}

func newSwitchableProxy(t *testing.T, target string) *switchableProxy {
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	forward := httputil.NewSingleHostReverseProxy(u)
	p := &switchableProxy{}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		off := p.off
		p.mu.Unlock()
		if off {
			// Drop the connection without an answer: the service is unreachable.
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		}
		forward.ServeHTTP(w, r)
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *switchableProxy) set(off bool) {
	p.mu.Lock()
	p.off = off
	p.mu.Unlock()
}

func TestLivePromptCacheAndFallback(t *testing.T) {
	admin, _ := liveClient(t)
	proxy := newSwitchableProxy(t, os.Getenv("SIGHTLINE_BASE_URL"))
	c, seen := liveClient(t, WithBaseURL(proxy.URL), WithTimeout(2*time.Second), WithMaxRetries(1))
	ctx := context.Background()
	name := unique("greeting")
	savePrompt(t, admin, name, TextContent("Hello {{name}} v1"))
	ttl := 300 * time.Millisecond

	p, err := c.GetPrompt(ctx, name, PromptOptions{CacheTTL: ttl})
	if err != nil || p.Version != 1 || p.IsFallback {
		t.Fatalf("%+v %v", p, err)
	}
	savePrompt(t, admin, name, TextContent("Hello {{name}} v2"))
	if p, _ := c.GetPrompt(ctx, name, PromptOptions{CacheTTL: ttl}); p.Version != 1 {
		t.Fatal("a fresh cache entry was not used")
	}
	time.Sleep(ttl)
	// Stale: served at once, refreshed in the background.
	if p, _ := c.GetPrompt(ctx, name, PromptOptions{CacheTTL: ttl}); p.Version != 1 {
		t.Fatal("stale entry not served while revalidating")
	}
	eventually(t, "the background refresh", func() error {
		p, err := c.GetPrompt(ctx, name, PromptOptions{CacheTTL: time.Hour})
		if err != nil || p.Version != 2 {
			return fmt.Errorf("version %v, %v", p, err)
		}
		return nil
	})

	proxy.set(true)
	time.Sleep(ttl)
	start := time.Now()
	p, err = c.GetPrompt(ctx, name, PromptOptions{CacheTTL: ttl})
	if err != nil || p.Version != 2 || p.IsFallback || time.Since(start) > 100*time.Millisecond {
		t.Fatalf("service down: the cached prompt was not served at once: %+v %v %v", p, err, time.Since(start))
	}
	eventually(t, "the failed refresh reported", func() error {
		if len(seen.list()) == 0 {
			return errors.New("nothing reported")
		}
		return nil
	})
	fallback := &Prompt{Content: TextContent("Hi {{name}} (fallback)")}
	start = time.Now()
	p, err = c.GetPrompt(ctx, unique("never-fetched"), PromptOptions{Fallback: fallback})
	if err != nil || !p.IsFallback || p.Compile(map[string]any{"name": "Bo"}, nil).Text != "Hi Bo (fallback)" {
		t.Fatalf("%+v %v", p, err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("the fallback took %v, beyond the 2 s timeout", d)
	}
	if _, err := c.GetPrompt(ctx, unique("never-fetched"), PromptOptions{}); err == nil {
		t.Fatal("no fallback and no service: want an error")
	}

	// Telemetry recorded meanwhile stays queued and is delivered once the service is back.
	tr := c.Trace(TraceOptions{Name: "during-outage"})
	if err := c.Flush(ctx); err == nil {
		t.Fatal("Flush through a dead proxy succeeded")
	}
	proxy.set(false)
	if err := c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the trace sent after the outage", func() error {
		return c.call(ctx, "GET", "/v1/traces/"+tr.ID, nil, nil)
	})
}

func TestLiveRunnerTriggerVerifies(t *testing.T) {
	c, _ := liveClient(t)
	ctx := context.Background()
	dataset := unique("remote")
	if _, err := c.CreateDataset(ctx, dataset, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := c.AddDatasetItems(ctx, dataset, []NewDatasetItem{{Input: "a", ExpectedOutput: "A"}, {Input: "b", ExpectedOutput: "B"}}); err != nil {
		t.Fatal(err)
	}
	var secret string
	type seenTrigger struct {
		trigger *RunTrigger
		err     error
		raw     []byte
		header  http.Header
	}
	got := make(chan seenTrigger, 1)
	runner := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		header := r.Header.Clone()
		trigger, err := ReadTrigger(r, secret, 0)
		if err != nil {
			w.WriteHeader(401)
		} else {
			w.WriteHeader(202)
		}
		got <- seenTrigger{trigger: trigger, err: err, header: header}
	}))
	defer runner.Close()
	secret, err := c.RegisterRunner(ctx, dataset, runner.URL+"/trigger")
	if err != nil || secret == "" {
		t.Fatal(secret, err)
	}
	run := unique("nightly")
	res, err := c.StartRemoteRun(ctx, dataset, RemoteRunOptions{Name: run})
	if err != nil {
		t.Fatal(err)
	}
	seen := <-got
	if seen.err != nil || !res.Accepted || seen.trigger.RunName != run || seen.trigger.Dataset != dataset {
		t.Fatalf("runner saw %+v (%v), service answered %+v", seen.trigger, seen.err, res)
	}
	// The runner's work: fetch the items, trace each, link it to the run.
	items, err := c.FetchItems(ctx, seen.trigger.ItemsURL)
	if err != nil || len(items) != 2 {
		t.Fatal(items, err)
	}
	for _, item := range items {
		tr := c.Trace(TraceOptions{Name: "runner", Input: item.Input, Output: strings.ToUpper(item.Input.(string))})
		if err := c.CreateDatasetRunItem(ctx, dataset, run, RunItem{DatasetItemID: item.ID, TraceID: tr.ID}); err != nil {
			t.Fatal(err)
		}
	}
	if r, err := c.GetDatasetRun(ctx, dataset, run); err != nil || len(r.Items) != 2 || !r.Remote {
		t.Fatalf("%+v %v", r, err)
	}

	// A wrong secret is refused, and so is a signature of another body.
	if _, err := c.RegisterRunner(ctx, dataset, runner.URL+"/trigger"); err != nil { // rotates the secret
		t.Fatal(err)
	}
	res, err = c.StartRemoteRun(ctx, dataset, RemoteRunOptions{Name: unique("stale-secret")})
	if seen := <-got; err != nil || !errors.Is(seen.err, ErrBadSignature) || res.Accepted || res.Status != "rejected" {
		t.Fatalf("old secret: runner %v, service %+v %v", seen.err, res, err)
	}
}

func TestLiveRunRecordingFeedsTheGate(t *testing.T) {
	c, _ := liveClient(t)
	ctx := context.Background()
	dataset := unique("gate")
	if _, err := c.CreateDataset(ctx, dataset, map[string]any{"owner": "go-sdk"}); err != nil {
		t.Fatal(err)
	}
	added, err := c.AddDatasetItems(ctx, dataset, []NewDatasetItem{
		{Input: "a", ExpectedOutput: "A"}, {Input: "b", ExpectedOutput: "B"}, {Input: "c", ExpectedOutput: "C"}, {Input: "d", ExpectedOutput: "x"},
	})
	if err != nil || added.Added != 4 {
		t.Fatal(added, err)
	}
	items, err := c.GetDatasetItems(ctx, dataset)
	if err != nil || len(items) != 4 {
		t.Fatal(items, err)
	}
	var links []RunItem
	for _, item := range items {
		output := strings.ToUpper(item.Input.(string))
		tr := c.Trace(TraceOptions{Name: "experiment", Input: item.Input, Output: output})
		exact := 0.0
		if output == item.ExpectedOutput {
			exact = 1
		}
		tr.Score(ScoreOptions{Name: "exact", Value: exact})
		links = append(links, RunItem{DatasetItemID: item.ID, TraceID: tr.ID})
	}
	if err := c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	run := unique("v1")
	recorded, err := c.CreateDatasetRun(ctx, dataset, RunOptions{Name: run, Version: "abc123", Items: links})
	if err != nil || len(recorded.Items) != 4 {
		t.Fatal(recorded, err)
	}
	var gate *GateResult
	eventually(t, "the gate sees every score", func() error {
		gate, err = c.GateDatasetRun(ctx, dataset, run, map[string]float64{"exact": 0.7})
		if err != nil {
			return err
		}
		if len(gate.Results) != 1 || gate.Results[0].Count != 4 {
			return fmt.Errorf("%+v", gate)
		}
		return nil
	})
	if !gate.Passed || *gate.Results[0].Mean != 0.75 {
		t.Fatalf("a mean of 0.75 against 0.7: %+v", gate)
	}
	if gate, err := c.GateDatasetRun(ctx, dataset, run, map[string]float64{"exact": 0.8}); err != nil || gate.Passed {
		t.Fatalf("a mean of 0.75 against 0.8: %+v %v", gate, err)
	}
}
