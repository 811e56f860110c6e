package sightline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

const userAgent = SDKName + "/" + Version

// Retry pacing: exponential from retryBase, capped; a Retry-After above retryAfterCap is cut to it.
const (
	retryBase     = 250 * time.Millisecond
	retryCap      = 10 * time.Second
	retryAfterCap = 60 * time.Second
)

// attempt sends one request and returns the status and body; a transport failure is an error.
func (c *Client) attempt(ctx context.Context, method, path string, body []byte) (int, http.Header, []byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	target := path
	if !strings.HasPrefix(path, "http://") && !strings.HasPrefix(path, "https://") {
		target = c.cfg.baseURL + path
	}
	req, err := http.NewRequestWithContext(ctx, method, target, rd)
	if err != nil {
		return 0, nil, nil, err
	}
	req.SetBasicAuth(c.cfg.publicKey, c.cfg.secretKey)
	req.Header.Set("User-Agent", userAgent)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.cfg.httpClient.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return 0, nil, nil, err
	}
	return res.StatusCode, res.Header, data, nil
}

// call runs one API request for a caller, retries included, within the client's timeout, and
// decodes a 2xx answer into out (when not nil).
func (c *Client) call(ctx context.Context, method, path string, in, out any) error {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.timeout)
	defer cancel()
	var body []byte
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return fmt.Errorf("sightline: encoding the request: %w", err)
		}
	}
	// Only answers that say nothing was done are retried, so a POST is never applied twice.
	retryable := func(status int) bool {
		return status == 429 || status == 503 || (method == http.MethodGet && status >= 500)
	}
	status, data, err := c.withRetries(ctx, method, path, body, retryable, method == http.MethodGet, 0)
	if err != nil {
		return err
	}
	if status < 200 || status > 299 {
		return apiError(status, data)
	}
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("sightline: decoding the answer of %s %s: %w", method, path, err)
		}
	}
	return nil
}

// withRetries repeats a request answered with a retryable status, or refused before it was sent,
// with exponential backoff and jitter, honouring Retry-After, until ctx ends. perAttempt, when
// positive, bounds each attempt (background sends); otherwise ctx bounds them all (a caller's call).
func (c *Client) withRetries(ctx context.Context, method, path string, body []byte, retryable func(int) bool, idempotent bool, perAttempt time.Duration) (int, []byte, error) {
	for try := 0; ; try++ {
		actx, cancel := ctx, context.CancelFunc(func() {})
		if perAttempt > 0 {
			actx, cancel = context.WithTimeout(ctx, perAttempt)
		}
		status, header, data, err := c.attempt(actx, method, path, body)
		cancel()
		// The outcome as it stands, when there is no (more) waiting for a better one.
		outcome := func() (int, []byte, error) {
			if err != nil {
				return 0, nil, fmt.Errorf("sightline: %s %s: %w", method, path, err)
			}
			return status, data, nil
		}
		again := err == nil && retryable(status) || err != nil && ctx.Err() == nil && (idempotent || neverConnected(err))
		if !again || try >= c.cfg.maxRetries {
			return outcome()
		}
		wait := backoff(try)
		if ra, ok := retryAfter(header); ok {
			wait = ra
		}
		if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < wait {
			return outcome() // waiting would outlive the caller's budget
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return outcome()
		case <-timer.C:
		}
	}
}

// neverConnected reports a transport error after which even a non-idempotent request may be sent
// again: the connection was never made.
func neverConnected(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

func backoff(try int) time.Duration {
	d := retryBase << uint(try)
	if d > retryCap || d <= 0 {
		d = retryCap
	}
	// Full jitter keeps many clients from retrying in step.
	return d/2 + time.Duration(rand.Int63n(int64(d/2)+1))
}

// retryAfter reads Retry-After as seconds or as an HTTP date.
func retryAfter(h http.Header) (time.Duration, bool) {
	v := h.Get("Retry-After")
	if v == "" {
		return 0, false
	}
	var d time.Duration
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		d = time.Duration(s * float64(time.Second))
	} else if t, err := http.ParseTime(v); err == nil {
		d = time.Until(t)
	} else {
		return 0, false
	}
	if d < 0 {
		d = 0
	}
	if d > retryAfterCap {
		d = retryAfterCap
	}
	return d, true
}

func apiError(status int, data []byte) error {
	var e struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(data, &e) == nil && e.Error.Message != "" {
		return &APIError{Status: status, Code: e.Error.Code, Message: e.Error.Message}
	}
	msg := strings.TrimSpace(string(data))
	if len(msg) > 500 {
		msg = msg[:500]
	}
	return &APIError{Status: status, Code: "http_error", Message: msg}
}

func pathEscape(s string) string { return url.PathEscape(s) }
