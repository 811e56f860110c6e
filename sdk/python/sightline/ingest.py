"""Turns queued records into Langfuse-format events and posts them to ``/v1/ingest``."""

from __future__ import annotations

import threading
from datetime import datetime, timezone
from typing import Any, Dict, List, Optional, Tuple

from .batcher import OnProblem, Record, report
from .errors import IngestProblem, SightlineError, UnreachableError
from .ids import new_id
from .transport import Transport, dumps
from .version import SDK_NAME, __version__

# Body fields the caller's thread leaves as Unix seconds (a float is cheaper than a formatted date).
_TIME_FIELDS = ("startTime", "endTime", "completionStartTime", "timestamp")


# One tuple, swapped whole, so threads formatting at once never pair one second with another's text.
_second: Tuple[int, str] = (-1, "")


def iso(at: float) -> str:
    """UTC ISO 8601 with microseconds; the date-and-second part is reused, as a batch is mostly one second."""
    global _second
    whole = int(at // 1)
    key, text = _second
    if key != whole:
        text = datetime.fromtimestamp(whole, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
        _second = (whole, text)
    return f"{text}.{int((at - whole) * 1_000_000):06d}Z"


def to_event(record: Record) -> Dict[str, Any]:
    kind, body, at = record
    for field in _TIME_FIELDS:
        value = body.get(field)
        if value.__class__ is float:
            body[field] = iso(value)
    return {"id": new_id(), "type": kind, "timestamp": iso(at), "body": body}


class IngestSender:
    """The batcher's ``deliver``: one POST per batch, retried on 429/5xx, per-event refusals reported."""

    def __init__(self, transport: Transport, on_problem: Optional[OnProblem]) -> None:
        self._transport = transport
        self._on_problem = on_problem
        self.sent = 0
        self.rejected = 0
        self.failed = 0
        # Several batches may be in flight at once; their counts must not race.
        self._count_lock = threading.Lock()

    def _count(self, sent: int = 0, rejected: int = 0, failed: int = 0) -> None:
        with self._count_lock:
            self.sent += sent
            self.rejected += rejected
            self.failed += failed

    def __call__(self, batch: List[Record], deadline: Optional[float]) -> bool:
        events = [to_event(r) for r in batch]
        payload = {"batch": events, "sdk": {"name": SDK_NAME, "version": __version__}}
        try:
            raw = dumps(payload)
        except (TypeError, ValueError):
            payload["batch"] = events = self._serialisable(events)
            raw = dumps(payload)
        try:
            answer = self._transport.request("POST", "/v1/ingest", raw=raw, deadline=deadline)
        except UnreachableError as e:
            # Kept queued: the next tick (or flush) tries again, while the bound protects memory.
            report(self._on_problem, IngestProblem("retrying", f"ingest unreachable, {len(events)} event(s) kept for retry: {e}", len(events)))
            return False
        except SightlineError as e:
            if e.status == 429 or e.status >= 500:
                report(self._on_problem, IngestProblem("retrying", f"ingest answered {e.status}, {len(events)} event(s) kept for retry: {e.message}", len(events), status=e.status))
                return False
            self._count(failed=len(events))
            report(self._on_problem, IngestProblem("failed", f"ingest refused the batch ({e.status} {e.code}): {e.message}", len(events), status=e.status))
            return True
        errors = (answer or {}).get("errors") or []
        self._count(sent=len(events) - len(errors), rejected=len(errors))
        for error in errors:
            report(self._on_problem, IngestProblem("rejected", str(error.get("message", "")), 1, event_id=error.get("id"), status=error.get("status")))
        return True

    def _serialisable(self, events: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        """A value JSON cannot hold (a cycle) loses its own event only."""
        keep = []
        for event in events:
            try:
                dumps(event)
                keep.append(event)
            except (TypeError, ValueError) as e:
                self._count(failed=1)
                report(self._on_problem, IngestProblem("failed", f"event {event['type']} could not be serialised: {e}", 1, event_id=event["id"]))
        return keep
