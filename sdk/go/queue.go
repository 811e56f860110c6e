package sightline

import "sync"

// event is one ingest event, encoded when it was recorded so the caller may reuse its values.
type event struct {
	id  string
	raw []byte
}

// queue holds events between the caller's goroutine and the sender: bounded, never blocking.
type queue struct {
	mu     sync.Mutex
	items  []event
	max    int
	batch  int
	closed bool
	paused bool // tests hold the sender back to observe the bound

	// wake tells the sender that a full batch waits.
	wake chan struct{}

	sent, refused, dropped, lost int64
}

func newQueue(max, batch int) *queue {
	return &queue{max: max, batch: batch, wake: make(chan struct{}, 1)}
}

// push queues an event, or counts it as dropped when the queue is full or closed.
func (q *queue) push(e event) {
	q.mu.Lock()
	if q.closed || len(q.items) >= q.max {
		q.dropped++
		q.mu.Unlock()
		return
	}
	q.items = append(q.items, e)
	full := len(q.items) >= q.batch
	q.mu.Unlock()
	if full {
		select {
		case q.wake <- struct{}{}:
		default:
		}
	}
}

// take removes what is ready as batches: only full ones, or with all, every event.
func (q *queue) take(all bool) [][]event {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.paused {
		return nil
	}
	var out [][]event
	for len(q.items) >= q.batch || all && len(q.items) > 0 {
		n := q.batch
		if n > len(q.items) {
			n = len(q.items)
		}
		out = append(out, q.items[:n:n])
		q.items = q.items[n:]
	}
	if len(q.items) == 0 {
		q.items = nil // let the backing array go
	}
	return out
}

// requeue puts back events whose delivery failed, ahead of newer ones; what no longer fits is lost.
func (q *queue) requeue(events []event) {
	q.mu.Lock()
	defer q.mu.Unlock()
	room := q.max - len(q.items)
	if room < len(events) {
		q.lost += int64(len(events) - room)
		events = events[:room]
	}
	q.items = append(append(make([]event, 0, len(events)+len(q.items)), events...), q.items...)
}

func (q *queue) close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
}

func (q *queue) len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}

func (q *queue) count(sent, refused, lost int64) {
	q.mu.Lock()
	q.sent += sent
	q.refused += refused
	q.lost += lost
	q.mu.Unlock()
}

func (q *queue) stats() Stats {
	q.mu.Lock()
	defer q.mu.Unlock()
	return Stats{Queued: len(q.items), Sent: q.sent, Refused: q.refused, Dropped: q.dropped, Lost: q.lost}
}
