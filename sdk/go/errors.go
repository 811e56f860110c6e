package sightline

import "fmt"

// APIError is a non-2xx answer of the service, with its `{"error": {"code", "message"}}` body.
type APIError struct {
	Status  int
	Code    string
	Message string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("sightline: %d %s: %s", e.Status, e.Code, e.Message)
}

// IngestError is one event the service refused inside an ingest batch (the 207's `errors`).
// It is reported to the error handler, never returned to the code that recorded the event.
type IngestError struct {
	EventID string
	Status  int
	Message string
}

func (e *IngestError) Error() string {
	return fmt.Sprintf("sightline: ingest event %s refused (%d): %s", e.EventID, e.Status, e.Message)
}

// DroppedError reports events that were not queued because the queue was full or the client shut down.
type DroppedError struct {
	Count int64
}

func (e *DroppedError) Error() string {
	return fmt.Sprintf("sightline: %d events dropped (queue full or client shut down)", e.Count)
}

// UndeliveredError reports events that could not be delivered to the service: still queued after
// Flush, or lost when Shutdown gave up.
type UndeliveredError struct {
	Count int
	Cause error
}

func (e *UndeliveredError) Error() string {
	return fmt.Sprintf("sightline: %d events not delivered: %v", e.Count, e.Cause)
}

func (e *UndeliveredError) Unwrap() error { return e.Cause }
