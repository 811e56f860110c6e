package sightline

import "context"

// CreateScore records one score now (POST /v1/scores, source API, e.g. user feedback) and
// returns its id. A score that misfits its score config is an *APIError 400. To score without
// waiting, use Client.Score, which rides the ingest batches.
func (c *Client) CreateScore(ctx context.Context, o ScoreOptions) (string, error) {
	if o.ID == "" {
		o.ID = NewID() // a retried request then writes the same score
	}
	var r struct {
		ID string `json:"id"`
	}
	if err := c.call(ctx, "POST", "/v1/scores", scoreBody(o), &r); err != nil {
		return "", err
	}
	return r.ID, nil
}

// EvaluatorInput names what an evaluator scores; Input, Output and ExpectedOutput override the
// trace's values when given.
type EvaluatorInput struct {
	TraceID        string `json:"traceId"`
	ObservationID  string `json:"observationId,omitempty"`
	Input          any    `json:"input,omitempty"`
	Output         any    `json:"output,omitempty"`
	ExpectedOutput any    `json:"expectedOutput,omitempty"`
}

// Score is a score written by the service.
type Score struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Value       *float64 `json:"value"`
	StringValue *string  `json:"stringValue"`
	DataType    DataType `json:"dataType"`
	Source      string   `json:"source"`
	Comment     *string  `json:"comment"`
}

// RunEvaluator runs an evaluator on a trace (or one observation) and returns the score it wrote
// (source EVAL; a judge's reasoning is in Comment).
func (c *Client) RunEvaluator(ctx context.Context, name string, in EvaluatorInput) (*Score, error) {
	var r struct {
		Score Score `json:"score"`
	}
	if err := c.call(ctx, "POST", "/v1/evaluators/"+pathEscape(name)+"/run", in, &r); err != nil {
		return nil, err
	}
	return &r.Score, nil
}
