package sightline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// flushRequest asks the sender to send everything queued and answer how it went.
type flushRequest struct {
	result chan error
}

// sendLoop is the background sender: full batches as soon as they fill, everything on each tick
// and on Flush.
func (c *Client) sendLoop() {
	defer close(c.done)
	ticker := time.NewTicker(c.cfg.flushInterval)
	defer ticker.Stop()
	var reported int64
	for {
		select {
		case <-c.queue.wake:
			c.sendBatches(c.queue.take(false))
		case <-ticker.C:
			c.sendBatches(c.queue.take(true))
		case req := <-c.flushes:
			req.result <- c.sendBatches(c.queue.take(true))
		case <-c.bg.Done():
			return
		}
		if dropped := c.Stats().Dropped; dropped > reported {
			c.report(&DroppedError{Count: dropped - reported})
			reported = dropped
		}
	}
}

// sendBatches sends batches with bounded concurrency; batches that could not be delivered go back
// to the queue and are named in the error.
func (c *Client) sendBatches(batches [][]event) error {
	if len(batches) == 0 {
		return nil
	}
	var (
		wg          sync.WaitGroup
		mu          sync.Mutex
		undelivered int
		lastErr     error
	)
	slots := make(chan struct{}, c.cfg.concurrency)
	for _, b := range batches {
		slots <- struct{}{}
		wg.Add(1)
		go func(b []event) {
			defer func() { <-slots; wg.Done() }()
			if n, err := c.sendBatch(b); err != nil {
				mu.Lock()
				undelivered += n
				lastErr = err
				mu.Unlock()
			}
		}(b)
	}
	wg.Wait()
	if undelivered > 0 {
		c.report(&UndeliveredError{Count: undelivered, Cause: lastErr})
		return &UndeliveredError{Count: undelivered, Cause: lastErr}
	}
	return nil
}

type ingestAnswer struct {
	Successes []struct {
		ID string `json:"id"`
	} `json:"successes"`
	Errors []struct {
		ID      string `json:"id"`
		Status  int    `json:"status"`
		Message string `json:"message"`
	} `json:"errors"`
}

var sdkField = []byte(`],"sdk":{"name":"` + SDKName + `","version":"` + Version + `"}}`)

// sendBatch delivers one batch. When the service was unreachable, busy or failing, the events go
// back to the queue and are counted in the answer; what the service refused is reported and counted.
func (c *Client) sendBatch(b []event) (undelivered int, err error) {
	size := len(sdkField) + 16
	for _, e := range b {
		size += len(e.raw) + 1
	}
	body := bytes.NewBuffer(make([]byte, 0, size))
	body.WriteString(`{"batch":[`)
	for i, e := range b {
		if i > 0 {
			body.WriteByte(',')
		}
		body.Write(e.raw)
	}
	body.Write(sdkField)
	retryable := func(status int) bool { return status == 429 || status >= 500 }
	status, data, err := c.withRetries(c.bg, http.MethodPost, "/v1/ingest", body.Bytes(), retryable, true, c.cfg.timeout)
	switch {
	case err == nil && retryable(status):
		err = apiError(status, data)
		fallthrough
	case err != nil:
		c.queue.requeue(b)
		return len(b), err
	case status == http.StatusRequestEntityTooLarge && len(b) > 1:
		// Too large as a whole: each half may fit.
		n1, err1 := c.sendBatch(b[:len(b)/2])
		n2, err2 := c.sendBatch(b[len(b)/2:])
		if err2 == nil {
			err2 = err1
		}
		return n1 + n2, err2
	case status < 200 || status > 299:
		c.queue.count(0, 0, int64(len(b)))
		c.report(fmt.Errorf("sightline: ingest batch of %d events refused: %w", len(b), apiError(status, data)))
		return 0, nil
	}
	var answer ingestAnswer
	if err := json.Unmarshal(data, &answer); err != nil {
		// Accepted (2xx) but unreadable: nothing to retry, and the events were taken.
		c.queue.count(int64(len(b)), 0, 0)
		return 0, nil
	}
	c.queue.count(int64(len(answer.Successes)), int64(len(answer.Errors)), 0)
	for _, e := range answer.Errors {
		c.report(&IngestError{EventID: e.ID, Status: e.Status, Message: e.Message})
	}
	return 0, nil
}

// Flush sends every event queued before the call and waits for the answers, at most until ctx
// ends (without a deadline: the client's timeout). Events the service could not take stay queued
// and are named in the error (*UndeliveredError); events it refused one by one go to the error
// handler, not here.
func (c *Client) Flush(ctx context.Context) error {
	ctx, cancel := c.bounded(ctx)
	defer cancel()
	req := flushRequest{result: make(chan error, 1)}
	select {
	case c.flushes <- req:
	case <-c.done:
		return fmt.Errorf("sightline: client is shut down")
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-req.result:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Shutdown stops taking events, sends what is queued (trying again while ctx allows; without a
// deadline, for the client's timeout) and stops the sender. Call it before the process exits:
// `defer client.Shutdown(ctx)`. Events still unsent then are counted as lost and named in the error.
func (c *Client) Shutdown(ctx context.Context) error {
	ctx, cancel := c.bounded(ctx)
	defer cancel()
	c.queue.close()
	var err error
	for c.queue.len() > 0 && ctx.Err() == nil {
		if err = c.Flush(ctx); err != nil && ctx.Err() == nil {
			pause := time.NewTimer(retryBase)
			select {
			case <-ctx.Done():
			case <-pause.C:
			}
			pause.Stop()
		}
	}
	c.stopOnce.Do(c.cancelBg)
	<-c.done
	if n := c.queue.len(); n > 0 {
		c.queue.mu.Lock()
		c.queue.lost += int64(n)
		c.queue.items = nil
		c.queue.mu.Unlock()
		if err == nil {
			err = ctx.Err()
		}
		lost := &UndeliveredError{Count: n, Cause: err}
		c.report(lost)
		return lost
	}
	return nil
}

// bounded gives a context without a deadline the client's timeout, so neither Flush nor Shutdown
// can hold the caller longer than it configured, even with context.Background().
func (c *Client) bounded(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, c.cfg.timeout)
}
