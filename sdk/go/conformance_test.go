package sightline

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
	"time"
)

// The cases every SDK shares with the service (sdk/conformance/cases.json).
type conformance struct {
	Compile []struct {
		Name         string                   `json:"name"`
		Content      Content                  `json:"content"`
		Variables    map[string]any           `json:"variables"`
		Placeholders map[string][]ChatMessage `json:"placeholders"`
		Expected     any                      `json:"expected"`
	} `json:"compile"`
	Signatures []struct {
		Name             string `json:"name"`
		Secret           string `json:"secret"`
		Timestamp        string `json:"timestamp"`
		Body             string `json:"body"`
		Signature        string `json:"signature"`
		Now              int64  `json:"now"`
		ToleranceSeconds int64  `json:"toleranceSeconds"`
		Valid            bool   `json:"valid"`
	} `json:"signatures"`
	Batching struct {
		MaxBatchEvents  int `json:"maxBatchEvents"`
		FlushIntervalMs int `json:"flushIntervalMs"`
		MaxQueuedEvents int `json:"maxQueuedEvents"`
		Cases           []struct {
			Name          string `json:"name"`
			Enqueue       int    `json:"enqueue"`
			Paused        bool   `json:"paused"`
			ExpectBatches []int  `json:"expectBatches"`
			ExpectQueued  int    `json:"expectQueued"`
			ExpectDropped int64  `json:"expectDropped"`
		} `json:"cases"`
	} `json:"batching"`
}

func loadConformance(t *testing.T) conformance {
	t.Helper()
	data, err := os.ReadFile("../conformance/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var c conformance
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Compile) == 0 || len(c.Signatures) == 0 || len(c.Batching.Cases) == 0 {
		t.Fatal("cases.json has no cases")
	}
	return c
}

// asJSON decodes v's JSON form, so results compare with the file's expectations.
func asJSON(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestConformanceCompile(t *testing.T) {
	for _, c := range loadConformance(t).Compile {
		c := c
		t.Run(c.Name, func(t *testing.T) {
			got := asJSON(t, CompilePrompt(c.Content, c.Variables, c.Placeholders))
			if !reflect.DeepEqual(got, c.Expected) {
				t.Fatalf("got %#v, want %#v", got, c.Expected)
			}
		})
	}
}

func TestConformanceSignatures(t *testing.T) {
	for _, c := range loadConformance(t).Signatures {
		c := c
		t.Run(c.Name, func(t *testing.T) {
			tolerance := time.Duration(c.ToleranceSeconds) * time.Second
			got := VerifySignatureAt(c.Secret, c.Timestamp, []byte(c.Body), c.Signature, tolerance, time.Unix(c.Now, 0))
			if got != c.Valid {
				t.Fatalf("got %v, want %v", got, c.Valid)
			}
		})
	}
}

func TestConformanceDefaults(t *testing.T) {
	b := loadConformance(t).Batching
	if b.MaxBatchEvents != DefaultMaxBatchEvents || time.Duration(b.FlushIntervalMs)*time.Millisecond != DefaultFlushInterval || b.MaxQueuedEvents != DefaultMaxQueuedEvents {
		t.Fatalf("defaults drift from cases.json: %+v", b)
	}
}

func TestJSNumber(t *testing.T) {
	for in, want := range map[float64]string{
		3.5: "3.5", 1: "1", -2: "-2", 0.1: "0.1", 1e21: "1e+21", 1e20: "100000000000000000000",
		1e-7: "1e-7", 0.000001: "0.000001", 123456789.125: "123456789.125", 1.5e-10: "1.5e-10", 2.5e25: "2.5e+25",
	} {
		if got := jsNumber(in); got != want {
			t.Errorf("jsNumber(%v) = %q, want %q", in, got, want)
		}
	}
}
