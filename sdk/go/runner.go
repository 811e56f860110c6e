package sightline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// RunTrigger is the body of the signed `dataset.run.requested` request the service sends a runner.
type RunTrigger struct {
	Event     string  `json:"event"`
	ProjectID string  `json:"projectId"`
	Dataset   string  `json:"dataset"`
	RunName   string  `json:"runName"`
	Version   *string `json:"version"`
	ItemCount int     `json:"itemCount"`
	// ItemsURL is a path on the service; pass it to FetchItems.
	ItemsURL   string `json:"itemsUrl"`
	ResultsURL string `json:"resultsUrl"`
}

// ErrBadSignature is returned by ReadTrigger for a request whose signature does not verify.
var ErrBadSignature = errors.New("sightline: invalid signature")

// ReadTrigger reads a runner request, verifies its signature with the runner's secret (tolerance
// as in VerifySignature) and decodes the trigger. Answer 401 on ErrBadSignature.
func ReadTrigger(r *http.Request, secret string, tolerance time.Duration) (*RunTrigger, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	if !VerifySignature(secret, r.Header.Get(TimestampHeader), body, r.Header.Get(SignatureHeader), tolerance) {
		return nil, ErrBadSignature
	}
	return ParseTrigger(body)
}

// ParseTrigger decodes a verified trigger body.
func ParseTrigger(body []byte) (*RunTrigger, error) {
	var t RunTrigger
	if err := json.Unmarshal(body, &t); err != nil || t.Event != "dataset.run.requested" || t.ItemsURL == "" || t.RunName == "" {
		return nil, fmt.Errorf("sightline: not a dataset.run.requested trigger")
	}
	return &t, nil
}

// RegisterRunner registers (or replaces) the dataset's runner URL and returns the signing secret,
// which the service shows only in this answer.
func (c *Client) RegisterRunner(ctx context.Context, dataset, url string) (secret string, err error) {
	var r struct {
		Secret string `json:"secret"`
	}
	if err := c.call(ctx, "PUT", "/v1/datasets/"+pathEscape(dataset)+"/runner", map[string]string{"url": url}, &r); err != nil {
		return "", err
	}
	return r.Secret, nil
}

// RemoteRunOptions describe a run for the registered runner to carry out.
type RemoteRunOptions struct {
	Name       string         `json:"runName"`
	Version    string         `json:"version,omitempty"`
	Metadata   map[string]any `json:"metadata,omitempty"`
	Evaluators []string       `json:"evaluators,omitempty"`
}

// RemoteRunResult says whether the runner accepted the trigger.
type RemoteRunResult struct {
	RunName    string `json:"runName"`
	Accepted   bool   `json:"accepted"`
	Status     string `json:"status"` // accepted, rejected, timeout or unreachable
	HTTPStatus *int   `json:"httpStatus"`
	Error      string `json:"error"`
}

// StartRemoteRun creates the empty run and has the service send the signed trigger to the runner.
func (c *Client) StartRemoteRun(ctx context.Context, dataset string, run RemoteRunOptions) (*RemoteRunResult, error) {
	var r RemoteRunResult
	if err := c.call(ctx, "POST", "/v1/datasets/"+pathEscape(dataset)+"/remote-runs", run, &r); err != nil {
		return nil, err
	}
	return &r, nil
}
