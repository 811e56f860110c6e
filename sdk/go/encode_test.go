package sightline

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// The hand-written encoders must say what encoding/json says about the same bodies.
func TestEncodersAgreeWithEncodingJSON(t *testing.T) {
	tricky := "q\"uote \\ back\nline\ttab \x01 ctrl <html> & é ✓ 🚀 \u2028 bad\xffutf8"
	v := 1
	val := 0.0
	bodies := []body{
		traceBody(TraceOptions{ID: "t1", Name: tricky, UserID: "u", Tags: []string{"a", tricky}, Input: map[string]any{"k": tricky}, Metadata: []int{1, 2}, Timestamp: time.Unix(0, 0)}),
		traceBody(TraceOptions{ID: "t2"}),
		&observationBody{ID: "o", TraceID: "t", Name: tricky, Level: LevelError, Model: "m", ModelParameters: map[string]any{"temperature": 0.2},
			UsageDetails: Usage{"input": 3, "output": 4.5}, CostDetails: Cost{"input": 0.001}, PromptName: "p", PromptVersion: &v, Output: encode(tricky)},
		scoreBody(ScoreOptions{ID: "s", TraceID: "t", Name: "n", Value: 0}),
		scoreBody(ScoreOptions{TraceID: "t", Name: "n", StringValue: tricky, Comment: "c", Metadata: map[string]any{"a": nil}}),
		&scoreJSON{Name: "x", Value: &val},
	}
	for i, b := range bodies {
		var got, want any
		if err := json.Unmarshal(b.appendJSON(nil), &got); err != nil {
			t.Fatalf("%d: %v: %s", i, err, b.appendJSON(nil))
		}
		raw, _ := json.Marshal(b)
		_ = json.Unmarshal(raw, &want)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%d:\n got %s\nwant %s", i, b.appendJSON(nil), raw)
		}
	}
}

func TestEnqueuedEventsAreValidJSON(t *testing.T) {
	f := newFakeIngest(t)
	c, _ := newTestClient(t, f.URL)
	defer c.Shutdown(context.Background())
	tr := c.Trace(TraceOptions{Name: "x\"y"})
	tr.Span(ObservationOptions{Name: "s"}).End(EndOptions{Output: map[string]any{"a": 1}})
	c.queue.mu.Lock()
	defer c.queue.mu.Unlock()
	for _, e := range c.queue.items {
		var env struct {
			ID, Type, Timestamp string
			Body                map[string]any
		}
		if err := json.Unmarshal(e.raw, &env); err != nil || env.ID != e.id || env.Body["id"] == nil {
			t.Fatalf("%s: %v", e.raw, err)
		}
		if _, err := time.Parse(time.RFC3339, env.Timestamp); err != nil {
			t.Fatal(err)
		}
	}
}
