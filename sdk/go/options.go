package sightline

import (
	"errors"
	"net/http"
	"os"
	"strings"
	"time"
)

// Defaults of a client; each has an Option.
const (
	DefaultFlushInterval   = time.Second
	DefaultMaxBatchEvents  = 100
	DefaultMaxQueuedEvents = 10000
	DefaultTimeout         = 10 * time.Second
	DefaultMaxRetries      = 3
	DefaultConcurrency     = 4
)

type config struct {
	baseURL, publicKey, secretKey string
	flushInterval                 time.Duration
	maxBatch, maxQueued           int
	timeout                       time.Duration
	maxRetries                    int
	concurrency                   int
	httpClient                    *http.Client
	onError                       func(error)
}

// Option configures a client made by New.
type Option func(*config)

// WithBaseURL sets the service address (default: SIGHTLINE_BASE_URL).
func WithBaseURL(url string) Option { return func(c *config) { c.baseURL = url } }

// WithKeys sets the project's public and secret key (default: SIGHTLINE_PUBLIC_KEY, SIGHTLINE_SECRET_KEY).
func WithKeys(publicKey, secretKey string) Option {
	return func(c *config) { c.publicKey, c.secretKey = publicKey, secretKey }
}

// WithFlushInterval sets how often queued events are sent when fewer than a batch wait (default 1 s).
func WithFlushInterval(d time.Duration) Option { return func(c *config) { c.flushInterval = d } }

// WithMaxBatchEvents sets how many events one ingest request carries at most (default 100).
func WithMaxBatchEvents(n int) Option { return func(c *config) { c.maxBatch = n } }

// WithMaxQueuedEvents bounds the in-memory queue (default 10,000); events beyond it are dropped,
// counted in Stats and reported to the error handler as a *DroppedError.
func WithMaxQueuedEvents(n int) Option { return func(c *config) { c.maxQueued = n } }

// WithTimeout bounds each call a caller waits for (retries included) and each background
// ingest attempt (default 10 s).
func WithTimeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// WithMaxRetries sets how often a request answered 429 or 5xx, or not answered, is tried again (default 3).
func WithMaxRetries(n int) Option { return func(c *config) { c.maxRetries = n } }

// WithConcurrency sets how many ingest requests the background sender keeps in flight (default 4).
func WithConcurrency(n int) Option { return func(c *config) { c.concurrency = n } }

// WithHTTPClient replaces the HTTP client (its Timeout, if any, applies on top of WithTimeout).
func WithHTTPClient(h *http.Client) Option { return func(c *config) { c.httpClient = h } }

// WithErrorHandler receives what goes wrong in the background: per-event ingest errors
// (*IngestError), batches that could not be delivered, dropped events (*DroppedError) and failed
// prompt refreshes. It runs on the SDK's goroutines and must not block. Default: the standard logger.
func WithErrorHandler(f func(error)) Option { return func(c *config) { c.onError = f } }

func newConfig(opts []Option) (config, error) {
	c := config{
		baseURL:       os.Getenv("SIGHTLINE_BASE_URL"),
		publicKey:     os.Getenv("SIGHTLINE_PUBLIC_KEY"),
		secretKey:     os.Getenv("SIGHTLINE_SECRET_KEY"),
		flushInterval: DefaultFlushInterval,
		maxBatch:      DefaultMaxBatchEvents,
		maxQueued:     DefaultMaxQueuedEvents,
		timeout:       DefaultTimeout,
		maxRetries:    DefaultMaxRetries,
		concurrency:   DefaultConcurrency,
	}
	for _, o := range opts {
		o(&c)
	}
	c.baseURL = strings.TrimRight(c.baseURL, "/")
	switch {
	case c.baseURL == "":
		return c, errors.New("sightline: no base URL (WithBaseURL or SIGHTLINE_BASE_URL)")
	case c.publicKey == "" || c.secretKey == "":
		return c, errors.New("sightline: no keys (WithKeys or SIGHTLINE_PUBLIC_KEY and SIGHTLINE_SECRET_KEY)")
	case c.flushInterval <= 0 || c.maxBatch <= 0 || c.maxQueued <= 0 || c.timeout <= 0 || c.maxRetries < 0 || c.concurrency <= 0:
		return c, errors.New("sightline: flush interval, batch size, queue bound, timeout and concurrency must be positive")
	}
	if c.httpClient == nil {
		c.httpClient = &http.Client{Transport: &http.Transport{
			Proxy:               http.ProxyFromEnvironment,
			MaxIdleConnsPerHost: 16,
			IdleConnTimeout:     90 * time.Second,
		}}
	}
	return c, nil
}
