"""What the SDK raises and what it reports to the error callback."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional


class SightlineError(Exception):
    """A non-2xx answer, with the service's error code and message when it sent them."""

    def __init__(self, status: int, code: str, message: str, details: Any = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details

    def __repr__(self) -> str:
        return f"SightlineError(status={self.status}, code={self.code!r}, message={self.message!r})"


class UnreachableError(SightlineError):
    """The service could not be reached in time (refused, reset, DNS failure, timeout)."""

    def __init__(self, message: str) -> None:
        super().__init__(0, "unreachable", message)


@dataclass(frozen=True)
class IngestProblem:
    """
    Something the background sender could not deliver, handed to ``on_error`` instead of raising into the
    caller's code. ``kind``: ``rejected`` (the service refused one event: ``event_id``, ``status``),
    ``dropped`` (the in-memory queue was full: ``count`` events never queued), ``retrying`` (a batch of
    ``count`` events stays queued: the service is down, slow, or answered 429/5xx after the retries),
    ``failed`` (a batch the service refused for good, e.g. 400 or 401) or ``lost`` (``count`` events still
    queued when ``shutdown()`` gave up).
    """

    kind: str
    message: str
    count: int = 1
    event_id: Optional[str] = None
    status: Optional[int] = None
