"""
The in-memory queue of ingest events and the daemon thread that sends it: a batch when 100 are waiting,
everything every second, everything on ``flush()``, up to ``max_in_flight`` requests at once (the service
merges events by id and event time, so batches may land in any order). The caller's thread only appends
to a deque.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import weakref
from collections import deque
from typing import Any, Callable, Deque, Dict, List, Optional, Tuple

from .errors import IngestProblem

log = logging.getLogger("sightline")

# (event type, body, Unix time): ids and ISO timestamps are made on the sender's thread, not the caller's.
Record = Tuple[str, Dict[str, Any], float]
# Delivers one batch; True when it is done with it (sent, or refused for good), False to keep it for later.
Deliver = Callable[[List[Record], Optional[float]], bool]
OnProblem = Callable[[IngestProblem], None]


def report(on_problem: Optional[OnProblem], problem: IngestProblem) -> None:
    """A faulty callback must not take the sender down with it."""
    if on_problem is None:
        log.warning("sightline: %s (%s, %d event(s))", problem.message, problem.kind, problem.count)
        return
    try:
        on_problem(problem)
    except Exception:  # noqa: BLE001 - the callback is the application's
        log.exception("sightline: the on_error callback raised")


class Batcher:
    def __init__(
        self,
        deliver: Deliver,
        max_batch_events: int = 100,
        flush_interval_seconds: float = 1.0,
        max_queued_events: int = 10_000,
        on_problem: Optional[OnProblem] = None,
        start: bool = True,
        max_in_flight: int = 4,
    ) -> None:
        self._deliver = deliver
        self.max_batch_events = max_batch_events
        self.flush_interval_seconds = flush_interval_seconds
        self.max_queued_events = max_queued_events
        self._on_problem = on_problem
        self.max_in_flight = max(1, max_in_flight)
        self._queue: Deque[Record] = deque()
        self._wake = threading.Event()
        self._stopping = threading.Event()
        # One sender at a time (the thread or a flush on the caller's), so batches leave in order.
        self._send_lock = threading.Lock()
        self.dropped = 0
        self._dropped_reported = 0
        self._thread: Optional[threading.Thread] = None
        if start:
            self.start()
        if hasattr(os, "register_at_fork"):
            # Weakly, so a forgotten client can still be collected.
            ref = weakref.WeakMethod(self._after_fork)
            os.register_at_fork(after_in_child=lambda: (lambda m: m() if m else None)(ref()))

    def _after_fork(self) -> None:
        """A forked child has no sender thread, and the parent's locks may be held: start afresh, empty."""
        self._queue = deque()
        self._wake = threading.Event()
        self._send_lock = threading.Lock()
        if self._thread is not None and not self._stopping.is_set():
            self._thread = None
            self.start()

    def start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="sightline-flush", daemon=True)
            self._thread.start()

    @property
    def queued(self) -> int:
        return len(self._queue)

    def add(self, kind: str, body: Dict[str, Any], at: float) -> None:
        """Never blocks: beyond the bound the event is counted as dropped and reported at the next send."""
        queue = self._queue
        if len(queue) >= self.max_queued_events:
            self.dropped += 1
            return
        queue.append((kind, body, at))
        if len(queue) >= self.max_batch_events and not self._wake.is_set():
            self._wake.set()

    def flush(self, timeout_seconds: Optional[float] = None) -> bool:
        """Sends everything queued now, on this thread; True when the queue was emptied."""
        deadline = None if timeout_seconds is None else time.monotonic() + timeout_seconds
        return self._send(full_only=False, deadline=deadline)

    def shutdown(self, timeout_seconds: Optional[float] = None) -> bool:
        """Stops the thread, then sends what is left; what still cannot go is reported as lost."""
        deadline = None if timeout_seconds is None else time.monotonic() + timeout_seconds
        self._stopping.set()
        self._wake.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
        done = self._send(full_only=False, deadline=deadline)
        self._report_dropped()
        left = len(self._queue)
        if left:
            self._queue.clear()
            report(self._on_problem, IngestProblem("lost", f"{left} event(s) could not be delivered before shutdown", left))
        return done

    def _run(self) -> None:
        while not self._stopping.is_set():
            woken = self._wake.wait(self.flush_interval_seconds)
            self._wake.clear()
            if self._stopping.is_set():
                return
            try:
                # Woken by a full batch: send full batches only, so a burst still goes out 100 at a time.
                self._send(full_only=woken, deadline=None)
            except Exception:  # noqa: BLE001 - the thread must outlive any bug in one send
                log.exception("sightline: the background sender failed")

    def _send(self, full_only: bool, deadline: Optional[float]) -> bool:
        # A flush waiting behind the thread's send (retrying a service that is down) keeps to its deadline too.
        wait = -1 if deadline is None else max(0.0, deadline - time.monotonic())
        if not self._send_lock.acquire(timeout=wait):
            return False
        try:
            return self._send_locked(full_only, deadline)
        finally:
            self._send_lock.release()

    def _send_locked(self, full_only: bool, deadline: Optional[float]) -> bool:
        self._report_dropped()
        queue = self._queue
        size = self.max_batch_events
        # What was queued when the send began: a producer that keeps adding cannot hold a flush forever.
        remaining = len(queue)

        def more() -> bool:
            return remaining > 0 and bool(queue) and (not full_only or len(queue) >= size)

        while more():
            batches: List[List[Record]] = []
            while len(batches) < self.max_in_flight and more():
                batch: List[Record] = []
                while queue and len(batch) < min(size, remaining):
                    batch.append(queue.popleft())
                remaining -= len(batch)
                batches.append(batch)
            failed = [record for batch, ok in zip(batches, self._deliver_all(batches, deadline)) if not ok for record in batch]
            if failed:
                # Kept for the next tick, ahead of newer events; what no longer fits is counted.
                room = max(0, self.max_queued_events - len(queue))
                for record in reversed(failed[:room]):
                    queue.appendleft(record)
                self.dropped += len(failed) - min(room, len(failed))
                return False
            if deadline is not None and time.monotonic() > deadline:
                return remaining <= 0
        return remaining <= 0 or not queue

    def _deliver_all(self, batches: List[List[Record]], deadline: Optional[float]) -> List[bool]:
        """Several requests in flight: the service answers each after a durable write, so they overlap well."""
        results = [False] * len(batches)

        def deliver(i: int) -> None:
            try:
                results[i] = self._deliver(batches[i], deadline)
            except Exception:  # noqa: BLE001 - a bug in one batch must not requeue it forever
                log.exception("sightline: sending a batch failed")
                results[i] = True

        helpers = [threading.Thread(target=deliver, args=(i,), name="sightline-send", daemon=True) for i in range(1, len(batches))]
        for helper in helpers:
            helper.start()
        deliver(0)
        for helper in helpers:
            helper.join()
        return results

    def _report_dropped(self) -> None:
        dropped = self.dropped - self._dropped_reported
        if dropped > 0:
            self._dropped_reported += dropped
            report(self._on_problem, IngestProblem("dropped", f"the event queue was full ({self.max_queued_events}): {dropped} event(s) dropped", dropped))
