package sightline

import "time"

// Level is an observation's severity.
type Level string

const (
	LevelDebug   Level = "DEBUG"
	LevelDefault Level = "DEFAULT"
	LevelWarning Level = "WARNING"
	LevelError   Level = "ERROR"
)

// Usage counts a generation's units by kind: "input", "output", "total", or any other key such as
// "cache_read_input_tokens".
type Usage map[string]float64

// Cost is a generation's cost in USD by usage kind; a cost sent by the client wins over the
// service's computed one.
type Cost map[string]float64

// TraceOptions describe a trace. Input, Output and Metadata are encoded as JSON when recorded.
type TraceOptions struct {
	ID          string // default: a new UUID
	Name        string
	UserID      string
	SessionID   string
	Input       any
	Output      any
	Metadata    any
	Tags        []string
	Release     string
	Version     string
	Environment string
	Timestamp   time.Time // default: now
}

// ObservationOptions describe a span or an event.
type ObservationOptions struct {
	ID                  string // default: a new UUID
	Name                string
	StartTime           time.Time // default: now
	Input               any
	Output              any
	Metadata            any
	Level               Level
	StatusMessage       string
	Version             string
	Environment         string
	ParentObservationID string // set by the Span/Generation/Event methods of a span
}

// GenerationOptions describe a model call.
type GenerationOptions struct {
	ID                  string // default: a new UUID
	Name                string
	StartTime           time.Time // default: now
	Input               any
	Output              any
	Metadata            any
	Level               Level
	StatusMessage       string
	Version             string
	Environment         string
	ParentObservationID string
	Model               string
	ModelParameters     map[string]any
	Usage               Usage
	Cost                Cost
	CompletionStartTime time.Time
	PromptName          string
	PromptVersion       int
}

// EndOptions finish a span or a generation; Usage, Cost and CompletionStartTime apply to generations.
type EndOptions struct {
	EndTime             time.Time // default: now
	Output              any
	Metadata            any
	Level               Level
	StatusMessage       string
	Usage               Usage
	Cost                Cost
	CompletionStartTime time.Time
}

// ScoreOptions describe a score. A NUMERIC or BOOLEAN score (0 or 1) takes Value; a CATEGORICAL
// one takes its label in StringValue. Without DataType, a StringValue makes it CATEGORICAL.
type ScoreOptions struct {
	ID            string // default: a new UUID, so a retried send never scores twice
	TraceID       string
	ObservationID string
	SessionID     string
	Name          string
	Value         float64
	StringValue   string
	DataType      DataType
	Comment       string
	ConfigID      string
	Metadata      any
	Environment   string
}

// DataType is a score's type.
type DataType string

const (
	Numeric     DataType = "NUMERIC"
	Categorical DataType = "CATEGORICAL"
	Boolean     DataType = "BOOLEAN"
)

// Trace is a recorded trace; its methods record what happens inside it.
type Trace struct {
	c  *Client
	ID string
}

// Span is a recorded span (or generation); End finishes it.
type Span struct {
	c       *Client
	ID      string
	TraceID string
	kind    string // "span" or "generation": the prefix of its update event
}

// Trace records a trace and returns it. It never blocks on the network.
func (c *Client) Trace(o TraceOptions) *Trace {
	if o.ID == "" {
		o.ID = NewID()
	}
	c.enqueue("trace-create", traceBody(o))
	return &Trace{c: c, ID: o.ID}
}

// Update records new values for the trace; fields left empty keep their values.
func (t *Trace) Update(o TraceOptions) {
	o.ID = t.ID
	t.c.enqueue("trace-create", traceBody(o))
}

// Span starts a span at the top of the trace.
func (t *Trace) Span(o ObservationOptions) *Span {
	return t.c.startSpan(t.ID, "", o)
}

// Generation starts a generation at the top of the trace.
func (t *Trace) Generation(o GenerationOptions) *Span {
	return t.c.startGeneration(t.ID, "", o)
}

// Event records a point-in-time event at the top of the trace and returns its id.
func (t *Trace) Event(o ObservationOptions) string {
	return t.c.recordEvent(t.ID, "", o)
}

// Score records a score of the trace (ingest batch) and returns its id.
func (t *Trace) Score(o ScoreOptions) string {
	o.TraceID = t.ID
	return t.c.Score(o)
}

// Span starts a child span.
func (s *Span) Span(o ObservationOptions) *Span {
	return s.c.startSpan(s.TraceID, s.ID, o)
}

// Generation starts a child generation.
func (s *Span) Generation(o GenerationOptions) *Span {
	return s.c.startGeneration(s.TraceID, s.ID, o)
}

// Event records a child event and returns its id.
func (s *Span) Event(o ObservationOptions) string {
	return s.c.recordEvent(s.TraceID, s.ID, o)
}

// Score records a score of this observation and returns its id.
func (s *Span) Score(o ScoreOptions) string {
	o.TraceID, o.ObservationID = s.TraceID, s.ID
	return s.c.Score(o)
}

// End finishes the span (or generation) with its outcome.
func (s *Span) End(o EndOptions) {
	if o.EndTime.IsZero() {
		o.EndTime = time.Now()
	}
	b := observationBody{
		ID:            s.ID,
		TraceID:       s.TraceID,
		EndTime:       timestamp(o.EndTime),
		Output:        encode(o.Output),
		Metadata:      encode(o.Metadata),
		Level:         o.Level,
		StatusMessage: o.StatusMessage,
	}
	if s.kind == "generation" {
		b.UsageDetails, b.CostDetails = o.Usage, o.Cost
		b.CompletionStartTime = optTime(o.CompletionStartTime)
	}
	s.c.enqueue(s.kind+"-update", &b)
}

// Score records a score through the ingest batch (the background sender) and returns its id.
// It needs a TraceID or a SessionID; a score the service refuses goes to the error handler.
func (c *Client) Score(o ScoreOptions) string {
	if o.ID == "" {
		o.ID = NewID()
	}
	c.enqueue("score-create", scoreBody(o))
	return o.ID
}

func (c *Client) startSpan(traceID, parentID string, o ObservationOptions) *Span {
	b := observationFields(traceID, parentID, &o)
	c.enqueue("span-create", b)
	return &Span{c: c, ID: b.ID, TraceID: traceID, kind: "span"}
}

func (c *Client) startGeneration(traceID, parentID string, o GenerationOptions) *Span {
	b := observationFields(traceID, parentID, &ObservationOptions{
		ID: o.ID, Name: o.Name, StartTime: o.StartTime, Input: o.Input, Output: o.Output, Metadata: o.Metadata, Level: o.Level,
		StatusMessage: o.StatusMessage, Version: o.Version, Environment: o.Environment, ParentObservationID: o.ParentObservationID,
	})
	b.Model, b.ModelParameters = o.Model, o.ModelParameters
	b.UsageDetails, b.CostDetails = o.Usage, o.Cost
	b.CompletionStartTime = optTime(o.CompletionStartTime)
	b.PromptName = o.PromptName
	if o.PromptVersion > 0 {
		b.PromptVersion = &o.PromptVersion
	}
	c.enqueue("generation-create", b)
	return &Span{c: c, ID: b.ID, TraceID: traceID, kind: "generation"}
}

func (c *Client) recordEvent(traceID, parentID string, o ObservationOptions) string {
	b := observationFields(traceID, parentID, &o)
	c.enqueue("event-create", b)
	return b.ID
}

// enqueue encodes an event on the caller's goroutine (so later changes to its values cannot race
// the sender) and queues it.
func (c *Client) enqueue(kind string, b body) {
	id := NewID()
	raw := make([]byte, 0, 512)
	raw = append(raw, `{"id":"`...)
	raw = append(raw, id...)
	raw = append(raw, `","type":"`...)
	raw = append(raw, kind...)
	raw = append(raw, `","timestamp":"`...)
	raw = time.Now().UTC().AppendFormat(raw, timeLayout)
	raw = append(raw, `","body":`...)
	raw = b.appendJSON(raw)
	raw = append(raw, '}')
	c.queue.push(event{id: id, raw: raw})
}
