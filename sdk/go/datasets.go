package sightline

import (
	"context"
	"net/url"
	"strings"
)

// Dataset is a dataset's summary.
type Dataset struct {
	ID        string        `json:"id"`
	Name      string        `json:"name"`
	Metadata  any           `json:"metadata"`
	ItemCount int           `json:"itemCount"`
	Runs      []DatasetRun  `json:"runs"`
	Runner    *RunnerStatus `json:"runner"`
}

// DatasetRun is a run in a dataset's summary.
type DatasetRun struct {
	Name      string  `json:"name"`
	Version   *string `json:"version"`
	Remote    bool    `json:"remote"`
	ItemCount int     `json:"itemCount"`
	CreatedAt string  `json:"createdAt"`
}

// RunnerStatus is a dataset's registered runner and how its last trigger went.
type RunnerStatus struct {
	URL             string  `json:"url"`
	LastStatus      *string `json:"lastStatus"`
	LastError       *string `json:"lastError"`
	LastHTTPStatus  *int    `json:"lastHttpStatus"`
	LastTriggeredAt *string `json:"lastTriggeredAt"`
}

// DatasetItem is an item as stored.
type DatasetItem struct {
	ID             string `json:"id"`
	Input          any    `json:"input"`
	ExpectedOutput any    `json:"expectedOutput"`
	Metadata       any    `json:"metadata"`
	CreatedAt      string `json:"createdAt"`
}

// NewDatasetItem is an item to add; ID is optional.
type NewDatasetItem struct {
	ID             string `json:"id,omitempty"`
	Input          any    `json:"input"`
	ExpectedOutput any    `json:"expectedOutput,omitempty"`
	Metadata       any    `json:"metadata,omitempty"`
}

// AddItemsResult says how many items were added; invalid ones are listed, the others still added.
type AddItemsResult struct {
	Added    int `json:"added"`
	Rejected int `json:"rejected"`
	Errors   []struct {
		Index   int    `json:"index"`
		Field   string `json:"field"`
		Message string `json:"message"`
	} `json:"errors"`
}

// RunItem links a dataset item to the trace (and optionally observation) a run produced for it.
type RunItem struct {
	DatasetItemID string `json:"datasetItemId"`
	TraceID       string `json:"traceId"`
	ObservationID string `json:"observationId,omitempty"`
}

// RunOptions describe a run to record.
type RunOptions struct {
	Name       string         `json:"runName"`
	Version    string         `json:"version,omitempty"`
	Metadata   map[string]any `json:"metadata,omitempty"`
	Items      []RunItem      `json:"items"`
	Evaluators []string       `json:"evaluators,omitempty"` // evaluators that score each item
}

// Run is a recorded run with its links and the mean of each numeric score over its traces.
type Run struct {
	DatasetName string  `json:"datasetName"`
	Name        string  `json:"name"`
	Version     *string `json:"version"`
	Metadata    any     `json:"metadata"`
	Remote      bool    `json:"remote"`
	CreatedAt   string  `json:"createdAt"`
	Items       []struct {
		RunItem
		CreatedAt string `json:"createdAt"`
	} `json:"items"`
	Scores []struct {
		Name  string   `json:"name"`
		Mean  *float64 `json:"mean"`
		Count int      `json:"count"`
	} `json:"scores"`
}

// GateResult says whether a run's score means meet their minimums.
type GateResult struct {
	Passed  bool `json:"passed"`
	Results []struct {
		ScoreName string   `json:"scoreName"`
		Mean      *float64 `json:"mean"`
		Threshold float64  `json:"threshold"`
		Count     int      `json:"count"`
		Passed    bool     `json:"passed"`
	} `json:"results"`
}

// CreateDataset creates an empty dataset (an *APIError with status 409 when the name exists).
func (c *Client) CreateDataset(ctx context.Context, name string, metadata map[string]any) (*Dataset, error) {
	in := map[string]any{"name": name}
	if metadata != nil {
		in["metadata"] = metadata
	}
	var d Dataset
	if err := c.call(ctx, "POST", "/v1/datasets", in, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// AddDatasetItems adds up to 10,000 items; invalid items are reported in the result, not as an error.
func (c *Client) AddDatasetItems(ctx context.Context, dataset string, items []NewDatasetItem) (*AddItemsResult, error) {
	var r AddItemsResult
	if err := c.call(ctx, "POST", "/v1/datasets/"+pathEscape(dataset)+"/items", map[string]any{"items": items}, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// GetDatasetItems returns every item of a dataset, in insertion order, following the pages.
func (c *Client) GetDatasetItems(ctx context.Context, dataset string) ([]DatasetItem, error) {
	return c.FetchItems(ctx, "/v1/datasets/"+pathEscape(dataset))
}

// FetchItems returns every item behind an items URL: a run trigger's ItemsURL (a path on the
// service) or any dataset's path.
func (c *Client) FetchItems(ctx context.Context, itemsURL string) ([]DatasetItem, error) {
	items := []DatasetItem{}
	cursor := ""
	sep := "?"
	if strings.Contains(itemsURL, "?") {
		sep = "&"
	}
	for {
		path := itemsURL + sep + "limit=1000"
		if cursor != "" {
			path += "&cursor=" + url.QueryEscape(cursor)
		}
		var page struct {
			Items      []DatasetItem `json:"items"`
			NextCursor *string       `json:"nextCursor"`
		}
		if err := c.call(ctx, "GET", path, nil, &page); err != nil {
			return nil, err
		}
		items = append(items, page.Items...)
		if page.NextCursor == nil || *page.NextCursor == "" {
			return items, nil
		}
		cursor = *page.NextCursor
	}
}

// CreateDatasetRun records a run with its item-to-trace links (an *APIError 409 when the run exists).
func (c *Client) CreateDatasetRun(ctx context.Context, dataset string, run RunOptions) (*Run, error) {
	if run.Items == nil {
		run.Items = []RunItem{}
	}
	var r Run
	if err := c.call(ctx, "POST", "/v1/datasets/"+pathEscape(dataset)+"/runs", run, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// CreateDatasetRunItem links one item to its trace within a run, creating the run on first use; reporting
// the item again replaces its trace. Runners call it for each item they ran.
func (c *Client) CreateDatasetRunItem(ctx context.Context, dataset, run string, item RunItem) error {
	in := map[string]any{"datasetName": dataset, "runName": run, "datasetItemId": item.DatasetItemID, "traceId": item.TraceID}
	if item.ObservationID != "" {
		in["observationId"] = item.ObservationID
	}
	return c.call(ctx, "POST", "/v1/dataset-run-items", in, nil)
}

// GetDatasetRun returns a run with its links and score means.
func (c *Client) GetDatasetRun(ctx context.Context, dataset, run string) (*Run, error) {
	var r Run
	if err := c.call(ctx, "GET", "/v1/datasets/"+pathEscape(dataset)+"/runs/"+pathEscape(run), nil, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// GateDatasetRun checks a run's score means against minimums ({"score name": minimum mean}).
func (c *Client) GateDatasetRun(ctx context.Context, dataset, run string, thresholds map[string]float64) (*GateResult, error) {
	var g GateResult
	path := "/v1/datasets/" + pathEscape(dataset) + "/runs/" + pathEscape(run) + "/gate"
	if err := c.call(ctx, "POST", path, map[string]any{"thresholds": thresholds}, &g); err != nil {
		return nil, err
	}
	return &g, nil
}
