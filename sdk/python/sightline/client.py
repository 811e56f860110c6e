"""The client: configuration, the background sender, tracing helpers, prompts and the HTTP API."""

from __future__ import annotations

import atexit
import os
from typing import Any, Callable, Dict, Mapping, Optional, Sequence, Union

from .batcher import Batcher, OnProblem
from .datasets import Api
from .errors import IngestProblem
from .ingest import IngestSender
from .observations import Generation, Node, Span, Trace, current, parent_or_new_trace, score_event
from .observe import observe as _observe
from .prompts import Prompt, PromptCache
from .transport import Transport

DEFAULT_BASE_URL = "http://127.0.0.1:3000"


class Sightline(Api):
    """
    Arguments win over the environment (``SIGHTLINE_BASE_URL``, ``SIGHTLINE_PUBLIC_KEY``,
    ``SIGHTLINE_SECRET_KEY``). Tracing calls only queue in memory and never raise for the service's sake;
    what cannot be delivered goes to ``on_error`` (default: a warning on the ``sightline`` logger).
    """

    def __init__(
        self,
        base_url: Optional[str] = None,
        public_key: Optional[str] = None,
        secret_key: Optional[str] = None,
        *,
        timeout_seconds: float = 5.0,
        max_retries: int = 3,
        flush_at: int = 100,
        flush_interval_seconds: float = 1.0,
        max_queued_events: int = 10_000,
        max_in_flight: int = 4,
        on_error: Optional[Callable[[IngestProblem], None]] = None,
        shutdown_timeout_seconds: float = 10.0,
    ) -> None:
        base_url = base_url or os.environ.get("SIGHTLINE_BASE_URL") or DEFAULT_BASE_URL
        public_key = public_key or os.environ.get("SIGHTLINE_PUBLIC_KEY")
        secret_key = secret_key or os.environ.get("SIGHTLINE_SECRET_KEY")
        if not public_key or not secret_key:
            raise ValueError("Sightline needs a public and a secret key (arguments, or SIGHTLINE_PUBLIC_KEY and SIGHTLINE_SECRET_KEY)")
        self.base_url = base_url.rstrip("/")
        self._transport = Transport(self.base_url, public_key, secret_key, timeout_seconds, max_retries)
        self._sender = IngestSender(self._transport, on_error)
        self._batcher = Batcher(self._sender, flush_at, flush_interval_seconds, max_queued_events, on_error, max_in_flight=max_in_flight)
        self._sink = self._batcher.add
        self._prompts = PromptCache(self._transport)
        self._shutdown_timeout = shutdown_timeout_seconds
        self._closed = False
        atexit.register(self.shutdown)

    def trace(self, name: Optional[str] = None, **fields: Any) -> Trace:
        """A new trace (``id``, ``user_id``, ``session_id``, ``input``, ``output``, ``metadata``, ``tags``, …)."""
        return Trace(self._sink, name, fields)

    def span(self, name: Optional[str] = None, trace_id: Optional[str] = None, parent_id: Optional[str] = None, **fields: Any) -> Span:
        """A span under the ids given, else under the open trace or span, else in a new trace."""
        return parent_or_new_trace(self._sink, trace_id, parent_id).span(name, **fields)

    def generation(self, name: Optional[str] = None, trace_id: Optional[str] = None, parent_id: Optional[str] = None, **fields: Any) -> Generation:
        return parent_or_new_trace(self._sink, trace_id, parent_id).generation(name, **fields)

    def event(self, name: Optional[str] = None, trace_id: Optional[str] = None, parent_id: Optional[str] = None, **fields: Any) -> str:
        return parent_or_new_trace(self._sink, trace_id, parent_id).event(name, **fields)

    def score(self, name: str, value: Any = None, trace_id: Optional[str] = None, observation_id: Optional[str] = None, **fields: Any) -> str:
        """A score sent in the next ingest batch (of the open trace or span when no ids are given); returns its id."""
        if trace_id is None and fields.get("session_id") is None:
            node = current.get()
            if node is not None:
                return node.score(name, value, **fields)
        return score_event(self._sink, name, value, dict(fields, trace_id=trace_id, observation_id=observation_id))

    def observe(self, name: Optional[str] = None, as_type: str = "span", capture_input: bool = True, capture_output: bool = True) -> Callable[[Any], Any]:
        """Decorator: a span (or ``as_type="generation"``) per call, with the arguments and the return value."""
        return _observe(self._sink, name, as_type, capture_input, capture_output)

    @staticmethod
    def current() -> Optional[Node]:
        """The innermost open trace or observation (``.trace_id``, ``.id``), to link scores or dataset runs."""
        return current.get()

    def get_prompt(
        self,
        name: str,
        channel: Optional[str] = None,
        version: Optional[int] = None,
        cache_ttl_seconds: float = 60,
        fallback: Optional[Union[str, Sequence[Mapping[str, Any]]]] = None,
    ) -> Prompt:
        """
        The prompt (channel ``production`` unless told), from the cache when fetched within
        ``cache_ttl_seconds``; past that the cached one is served while a background refresh runs. When the
        service cannot be reached and nothing is cached, ``fallback`` (text, or chat messages) stands in.
        """
        return self._prompts.get(name, channel, version, cache_ttl_seconds, fallback)

    @property
    def stats(self) -> Dict[str, int]:
        """Events queued, sent, rejected by the service, failed for good and dropped at the queue bound."""
        return {"queued": self._batcher.queued, "sent": self._sender.sent, "rejected": self._sender.rejected, "failed": self._sender.failed, "dropped": self._batcher.dropped}

    def flush(self, timeout_seconds: Optional[float] = None) -> bool:
        """Sends everything queued so far and waits for it; True when nothing is left queued."""
        return self._batcher.flush(timeout_seconds)

    def shutdown(self, timeout_seconds: Optional[float] = None) -> bool:
        """Flushes and stops the background thread; called at interpreter exit. Idempotent."""
        if self._closed:
            return True
        self._closed = True
        atexit.unregister(self.shutdown)
        done = self._batcher.shutdown(self._shutdown_timeout if timeout_seconds is None else timeout_seconds)
        self._transport.close()
        return done

    def __enter__(self) -> "Sightline":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.shutdown()
