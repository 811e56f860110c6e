package sightline

import (
	"context"
	"log"
	"sync"
)

// Client talks to one Sightline project. It is safe for concurrent use; make one per process
// and close it with Shutdown.
type Client struct {
	cfg     config
	queue   *queue
	prompts *promptCache

	// bg bounds background work; Shutdown cancels it when its own context ends first.
	bg       context.Context
	cancelBg context.CancelFunc
	flushes  chan flushRequest
	done     chan struct{}
	stopOnce sync.Once
}

// New makes a client from options, falling back to SIGHTLINE_BASE_URL, SIGHTLINE_PUBLIC_KEY and
// SIGHTLINE_SECRET_KEY, and starts its background sender.
func New(opts ...Option) (*Client, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	if cfg.onError == nil {
		cfg.onError = func(err error) { log.Printf("%v", err) }
	}
	bg, cancel := context.WithCancel(context.Background())
	c := &Client{cfg: cfg, queue: newQueue(cfg.maxQueued, cfg.maxBatch), prompts: newPromptCache(), bg: bg, cancelBg: cancel, flushes: make(chan flushRequest), done: make(chan struct{})}
	go c.sendLoop()
	return c, nil
}

// Stats counts what the client did with the events it was given.
type Stats struct {
	Queued  int   // waiting to be sent now
	Sent    int64 // accepted by the service
	Refused int64 // refused by the service, one by one (each reported as *IngestError)
	Dropped int64 // never queued: the queue was full or the client shut down
	Lost    int64 // queued but given up on (an unrecoverable batch, or Shutdown's context ended)
}

// Stats returns the client's counters.
func (c *Client) Stats() Stats {
	return c.queue.stats()
}

func (c *Client) report(err error) {
	defer func() { _ = recover() }() // a panicking handler must not take the sender down
	c.cfg.onError(err)
}
