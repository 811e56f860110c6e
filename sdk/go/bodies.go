package sightline

import (
	"encoding/json"
	"fmt"
	"time"
)

// The ingest bodies, field for field as the service accepts them; empty fields are left out, so
// an update changes only what it names.

type traceJSON struct {
	ID          string          `json:"id"`
	Timestamp   string          `json:"timestamp,omitempty"`
	Name        string          `json:"name,omitempty"`
	UserID      string          `json:"userId,omitempty"`
	SessionID   string          `json:"sessionId,omitempty"`
	Release     string          `json:"release,omitempty"`
	Version     string          `json:"version,omitempty"`
	Environment string          `json:"environment,omitempty"`
	Tags        []string        `json:"tags,omitempty"`
	Metadata    json.RawMessage `json:"metadata,omitempty"`
	Input       json.RawMessage `json:"input,omitempty"`
	Output      json.RawMessage `json:"output,omitempty"`
}

type observationBody struct {
	ID                  string          `json:"id"`
	TraceID             string          `json:"traceId,omitempty"`
	ParentObservationID string          `json:"parentObservationId,omitempty"`
	Name                string          `json:"name,omitempty"`
	StartTime           string          `json:"startTime,omitempty"`
	EndTime             string          `json:"endTime,omitempty"`
	CompletionStartTime string          `json:"completionStartTime,omitempty"`
	Level               Level           `json:"level,omitempty"`
	StatusMessage       string          `json:"statusMessage,omitempty"`
	Version             string          `json:"version,omitempty"`
	Environment         string          `json:"environment,omitempty"`
	Metadata            json.RawMessage `json:"metadata,omitempty"`
	Input               json.RawMessage `json:"input,omitempty"`
	Output              json.RawMessage `json:"output,omitempty"`
	Model               string          `json:"model,omitempty"`
	ModelParameters     map[string]any  `json:"modelParameters,omitempty"`
	UsageDetails        Usage           `json:"usageDetails,omitempty"`
	CostDetails         Cost            `json:"costDetails,omitempty"`
	PromptName          string          `json:"promptName,omitempty"`
	PromptVersion       *int            `json:"promptVersion,omitempty"`
}

type scoreJSON struct {
	ID            string          `json:"id,omitempty"`
	TraceID       string          `json:"traceId,omitempty"`
	ObservationID string          `json:"observationId,omitempty"`
	SessionID     string          `json:"sessionId,omitempty"`
	Name          string          `json:"name"`
	Value         *float64        `json:"value,omitempty"`
	StringValue   string          `json:"stringValue,omitempty"`
	DataType      DataType        `json:"dataType,omitempty"`
	Comment       string          `json:"comment,omitempty"`
	ConfigID      string          `json:"configId,omitempty"`
	Environment   string          `json:"environment,omitempty"`
	Metadata      json.RawMessage `json:"metadata,omitempty"`
}

func traceBody(o TraceOptions) *traceJSON {
	return &traceJSON{
		ID: o.ID, Timestamp: optTime(o.Timestamp), Name: o.Name, UserID: o.UserID, SessionID: o.SessionID,
		Release: o.Release, Version: o.Version, Environment: o.Environment, Tags: o.Tags,
		Metadata: encode(o.Metadata), Input: encode(o.Input), Output: encode(o.Output),
	}
}

func observationFields(traceID, parentID string, o *ObservationOptions) *observationBody {
	if o.ID == "" {
		o.ID = NewID()
	}
	if o.StartTime.IsZero() {
		o.StartTime = time.Now()
	}
	if parentID == "" {
		parentID = o.ParentObservationID
	}
	return &observationBody{
		ID: o.ID, TraceID: traceID, ParentObservationID: parentID, Name: o.Name,
		StartTime: timestamp(o.StartTime), Level: o.Level, StatusMessage: o.StatusMessage,
		Version: o.Version, Environment: o.Environment,
		Metadata: encode(o.Metadata), Input: encode(o.Input), Output: encode(o.Output),
	}
}

func scoreBody(o ScoreOptions) *scoreJSON {
	s := &scoreJSON{
		ID: o.ID, TraceID: o.TraceID, ObservationID: o.ObservationID, SessionID: o.SessionID, Name: o.Name,
		StringValue: o.StringValue, DataType: o.DataType, Comment: o.Comment, ConfigID: o.ConfigID,
		Environment: o.Environment, Metadata: encode(o.Metadata),
	}
	// A label travels alone; every other score carries its number, zero included.
	if !(o.DataType == Categorical || o.DataType == "" && o.StringValue != "") {
		v := o.Value
		s.Value = &v
	}
	return s
}

// encode turns a user value into JSON now; nil stays absent, a value that cannot be encoded
// becomes its printed form rather than losing the event.
func encode(v any) json.RawMessage {
	if v == nil {
		return nil
	}
	if raw, ok := v.(json.RawMessage); ok {
		return raw
	}
	raw, err := json.Marshal(v)
	if err != nil {
		raw, _ = json.Marshal(fmt.Sprintf("%v", v))
	}
	return raw
}

func optTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return timestamp(t)
}
