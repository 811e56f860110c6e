"""
Traces, spans, generations, events and scores as handles and context managers. A span or generation is
one event, sent when it ends (start and end times, input and output together); a trace is sent when made
and again on each ``update``; the service merges them by id.
"""

from __future__ import annotations

import time
from contextvars import ContextVar, Token
from datetime import datetime
from types import TracebackType
from typing import Any, Callable, Dict, List, Optional, Type, TypeVar, Union

from .ids import new_id

Sink = Callable[[str, Dict[str, Any], float], None]
N = TypeVar("N", bound="Node")
Time = Union[float, datetime]

# The innermost open trace or observation of this thread or task: where a new span attaches by default.
current: "ContextVar[Optional[Node]]" = ContextVar("sightline_current", default=None)

_CAMEL = {
    "user_id": "userId",
    "session_id": "sessionId",
    "status_message": "statusMessage",
    "start_time": "startTime",
    "end_time": "endTime",
    "completion_start_time": "completionStartTime",
    "model_parameters": "modelParameters",
    "usage_details": "usageDetails",
    "cost_details": "costDetails",
    "prompt_name": "promptName",
    "prompt_version": "promptVersion",
    "parent_observation_id": "parentObservationId",
    "trace_id": "traceId",
    "observation_id": "observationId",
    "data_type": "dataType",
    "string_value": "stringValue",
    "config_id": "configId",
    "dataset_item_id": "datasetItemId",
    "expected_output": "expectedOutput",
}


def _seconds(value: Time) -> float:
    return value.timestamp() if isinstance(value, datetime) else float(value)


def put_fields(body: Dict[str, Any], fields: Dict[str, Any]) -> None:
    """Snake-case keyword arguments into the wire body; ``None`` means "not given"."""
    for key, value in fields.items():
        if value is None:
            continue
        name = _CAMEL.get(key, key)
        body[name] = _seconds(value) if name.endswith("Time") else value


class Node:
    """What spans, generations, events and scores can hang from: a trace or an observation."""

    trace_id: str
    id: str
    _sink: Sink
    _token: Optional["Token[Optional[Node]]"] = None

    @property
    def _observation_id(self) -> Optional[str]:
        return None

    def span(self, name: Optional[str] = None, **fields: Any) -> "Span":
        return Span(self._sink, self.trace_id, self._observation_id, name, fields)

    def generation(self, name: Optional[str] = None, **fields: Any) -> "Generation":
        return Generation(self._sink, self.trace_id, self._observation_id, name, fields)

    def event(self, name: Optional[str] = None, **fields: Any) -> str:
        """A point in time (``event-create``), sent at once; returns its id."""
        at = time.time()
        body: Dict[str, Any] = {"id": fields.pop("id", None) or new_id(), "traceId": self.trace_id, "startTime": at}
        if self._observation_id:
            body["parentObservationId"] = self._observation_id
        if name is not None:
            body["name"] = name
        put_fields(body, fields)
        self._sink("event-create", body, at)
        return str(body["id"])

    def score(self, name: str, value: Any = None, **fields: Any) -> str:
        """A score of this trace (or observation), sent in the next batch; returns its id."""
        return score_event(self._sink, name, value, dict(fields, trace_id=self.trace_id, observation_id=self._observation_id))

    def __enter__(self: N) -> N:
        self._token = current.set(self)
        return self

    def __exit__(self, kind: Optional[Type[BaseException]], error: Optional[BaseException], tb: Optional[TracebackType]) -> None:
        if self._token is not None:
            current.reset(self._token)
            self._token = None


def score_event(sink: Sink, name: str, value: Any, fields: Dict[str, Any]) -> str:
    at = time.time()
    body: Dict[str, Any] = {"id": fields.pop("id", None) or new_id(), "name": name}
    if value is not None:
        body["value"] = value
    put_fields(body, fields)
    if "traceId" not in body and "sessionId" not in body:
        raise ValueError("a score needs a trace_id or a session_id (or an open trace or span)")
    sink("score-create", body, at)
    return str(body["id"])


class Trace(Node):
    """One request or task of the application; ``update`` sends the fields given (``trace-create`` upserts)."""

    def __init__(self, sink: Sink, name: Optional[str], fields: Dict[str, Any], send: bool = True) -> None:
        self._sink = sink
        self.id = self.trace_id = fields.pop("id", None) or new_id()
        self._first: Optional[Dict[str, Any]] = {"id": self.id}
        if name is not None:
            self._first["name"] = name
        put_fields(self._first, fields)
        if send:
            self._flush_first()

    def _flush_first(self) -> None:
        if self._first is not None:
            at = time.time()
            self._first["timestamp"] = at
            self._sink("trace-create", self._first, at)
            self._first = None

    def update(self, **fields: Any) -> "Trace":
        if self._first is not None:
            put_fields(self._first, fields)
            self._flush_first()
            return self
        body: Dict[str, Any] = {"id": self.id}
        put_fields(body, fields)
        self._sink("trace-create", body, time.time())
        return self

    def end(self, **fields: Any) -> None:
        """Sends what ``update`` would; a trace has no duration of its own (its observations have)."""
        if fields or self._first is not None:
            self.update(**fields)


class Observation(Node):
    kind = "span"

    def __init__(self, sink: Sink, trace_id: str, parent_id: Optional[str], name: Optional[str], fields: Dict[str, Any]) -> None:
        self._sink = sink
        self.trace_id = trace_id
        self.id = fields.pop("id", None) or new_id()
        start = fields.pop("start_time", None)
        body: Dict[str, Any] = {"id": self.id, "traceId": trace_id, "startTime": time.time() if start is None else _seconds(start)}
        if parent_id:
            body["parentObservationId"] = parent_id
        if name is not None:
            body["name"] = name
        if fields:
            put_fields(body, fields)
        self._body: Optional[Dict[str, Any]] = body

    @property
    def _observation_id(self) -> Optional[str]:
        return self.id

    def update(self, **fields: Any) -> "Observation":
        """Sets fields before the end; after it, sends them as an ``-update`` event."""
        if self._body is not None:
            put_fields(self._body, fields)
        else:
            body: Dict[str, Any] = {"id": self.id, "traceId": self.trace_id}
            put_fields(body, fields)
            self._sink(f"{self.kind}-update", body, time.time())
        return self

    def end(self, **fields: Any) -> None:
        """Sends the observation (once; a second ``end`` is ignored)."""
        body = self._body
        if body is None:
            return
        self._body = None
        at = time.time()
        if fields:
            put_fields(body, fields)
        if "endTime" not in body:
            body["endTime"] = at
        self._sink(f"{self.kind}-create", body, at)

    def __exit__(self, kind: Optional[Type[BaseException]], error: Optional[BaseException], tb: Optional[TracebackType]) -> None:
        Node.__exit__(self, kind, error, tb)
        if error is not None and self._body is not None:
            self._body["level"] = "ERROR"
            self._body.setdefault("statusMessage", f"{type(error).__name__}: {error}")
        self.end()


class Span(Observation):
    """A unit of work inside a trace."""

    kind = "span"


class Generation(Observation):
    """A model call: ``model``, ``model_parameters``, ``usage_details`` ({input, output, total, …}), ``cost_details``."""

    kind = "generation"


def parent_or_new_trace(sink: Sink, trace_id: Optional[str], parent_id: Optional[str]) -> Node:
    """Where ``client.span()`` attaches: the ids given, else the open trace or span, else a new trace id."""
    if trace_id is not None:
        return _Ref(sink, trace_id, parent_id)
    if parent_id is not None:
        raise ValueError("parent_id needs the trace_id it belongs to")
    open_node = current.get()
    if open_node is not None:
        return open_node
    return _Ref(sink, new_id(), None)


class _Ref(Node):
    """An existing trace (or observation) known by id: nothing is sent for it."""

    def __init__(self, sink: Sink, trace_id: str, observation_id: Optional[str]) -> None:
        self._sink = sink
        self.trace_id = trace_id
        self.id = observation_id or trace_id
        self._parent = observation_id

    @property
    def _observation_id(self) -> Optional[str]:
        return self._parent


__all__: List[str] = ["Trace", "Span", "Generation", "Observation", "Node", "current"]
