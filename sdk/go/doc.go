// Package sightline is the Go client of Sightline: traces, spans, generations, events and scores
// batched to POST /v1/ingest in the background; prompts with an in-process cache; local prompt
// compilation; datasets and runs; evaluators; and the signature check of runner triggers.
//
// A client never blocks the caller's goroutine on the network for telemetry: events go to a
// bounded in-memory queue that a background goroutine sends in batches. Calls that do I/O take a
// context and are bounded by the client's timeout. Close the client with Shutdown, which sends
// what is still queued:
//
//	client, err := sightline.New() // SIGHTLINE_BASE_URL, SIGHTLINE_PUBLIC_KEY, SIGHTLINE_SECRET_KEY
//	if err != nil { log.Fatal(err) }
//	defer client.Shutdown(context.Background())
package sightline

// SDKName and Version identify this SDK in every ingest batch (`sdk` field).
const (
	SDKName = "sightline-go"
	Version = "0.1.0"
)
