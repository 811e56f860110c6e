"""HTTP to the service: Basic auth, JSON, a timeout on every call, retries with backoff on 429 and 5xx."""

from __future__ import annotations

import base64
import email.utils
import http.client
import json
import random
import socket
import threading
import time
import urllib.parse
from typing import Any, Dict, List, Optional, Tuple

from .errors import SightlineError, UnreachableError

_RETRYABLE = {429, 500, 502, 503, 504}


def _json_default(value: Any) -> Any:
    """Inputs and outputs are whatever the application had: keep what JSON cannot hold readable."""
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if hasattr(value, "__dict__"):
        return {k: v for k, v in vars(value).items() if not k.startswith("_")}
    return repr(value)


def dumps(value: Any) -> bytes:
    return json.dumps(value, default=_json_default, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def retry_after_seconds(header: Optional[str]) -> Optional[float]:
    """``Retry-After`` as seconds to wait: delta-seconds or an HTTP date."""
    if not header:
        return None
    try:
        return max(0.0, float(header))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(header)
        return max(0.0, when.timestamp() - time.time())
    except (TypeError, ValueError):
        return None


class Transport:
    """
    A pool of keep-alive connections, so a flush of many batches does not pay a TCP handshake each and
    concurrent senders each get their own.
    """

    def __init__(self, base_url: str, public_key: str, secret_key: str, timeout_seconds: float, max_retries: int) -> None:
        parsed = urllib.parse.urlsplit(base_url.rstrip("/"))
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise ValueError(f"base_url must be an http(s) URL, got {base_url!r}")
        self.base_url = base_url.rstrip("/")
        self._scheme = parsed.scheme
        self._host = parsed.hostname
        self._port = parsed.port
        self._prefix = parsed.path
        self.timeout_seconds = timeout_seconds
        self.max_retries = max_retries
        token = base64.b64encode(f"{public_key}:{secret_key}".encode("utf-8")).decode("ascii")
        self._headers = {"authorization": f"Basic {token}", "accept": "application/json"}
        self._idle: List[http.client.HTTPConnection] = []
        self._closed = False
        self._lock = threading.Lock()

    def _take(self) -> http.client.HTTPConnection:
        with self._lock:
            if self._idle:
                return self._idle.pop()
        cls = http.client.HTTPSConnection if self._scheme == "https" else http.client.HTTPConnection
        return cls(self._host, self._port, timeout=self.timeout_seconds)

    def _give_back(self, conn: http.client.HTTPConnection) -> None:
        with self._lock:
            if not self._closed:
                self._idle.append(conn)
                return
        conn.close()

    def close(self) -> None:
        """Closes the idle connections; calls after it (a refresh still running) close theirs when done."""
        with self._lock:
            self._closed = True
            conns, self._idle = self._idle, []
        for conn in conns:
            conn.close()

    def send_once(self, method: str, path: str, body: Optional[bytes]) -> Tuple[int, Dict[str, str], bytes]:
        """One attempt. @raises UnreachableError when no answer came within the timeout."""
        url = path if path.startswith("http") else self._prefix + path
        headers = dict(self._headers)
        if body is not None:
            headers["content-type"] = "application/json"
        # A kept-alive connection the server closed meanwhile fails at once: one fresh attempt is not a retry.
        for fresh in (False, True):
            conn = self._take()
            try:
                conn.request(method, url, body=body, headers=headers)
                res = conn.getresponse()
                data = res.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError) as e:
                conn.close()
                if fresh:
                    raise UnreachableError(f"{method} {path}: {e}") from e
                continue
            except (OSError, http.client.HTTPException) as e:
                conn.close()
                kind = "timed out" if isinstance(e, socket.timeout) else str(e) or type(e).__name__
                raise UnreachableError(f"{method} {path}: {kind}") from e
            if res.getheader("connection", "").lower() == "close":
                conn.close()
            else:
                self._give_back(conn)
            return res.status, {k.lower(): v for k, v in res.getheaders()}, data
        raise AssertionError("unreachable")

    def request(self, method: str, path: str, body: Any = None, retries: Optional[int] = None, deadline: Optional[float] = None, raw: Optional[bytes] = None) -> Any:
        """
        The parsed JSON answer of a 2xx. Retries 429, 5xx and unreachable with exponential backoff (honouring
        ``Retry-After``), never past ``deadline`` (``time.monotonic()``). @raises SightlineError otherwise.
        """
        payload = raw if raw is not None else None if body is None else dumps(body)
        attempts = (self.max_retries if retries is None else retries) + 1
        for attempt in range(attempts):
            last = attempt == attempts - 1
            try:
                status, headers, data = self.send_once(method, path, payload)
            except UnreachableError:
                if last or not self._sleep(backoff(attempt), deadline):
                    raise
                continue
            if 200 <= status < 300:
                return json.loads(data) if data else None
            error = _error_of(status, data, method, path)
            if status not in _RETRYABLE or last:
                raise error
            wait = retry_after_seconds(headers.get("retry-after"))
            if not self._sleep(backoff(attempt) if wait is None else wait, deadline):
                raise error
        raise AssertionError("unreachable")

    @staticmethod
    def _sleep(seconds: float, deadline: Optional[float]) -> bool:
        if deadline is not None and time.monotonic() + seconds > deadline:
            return False
        time.sleep(seconds)
        return True


def backoff(attempt: int) -> float:
    """0.25 s, 0.5 s, 1 s … up to 8 s, with jitter so many clients do not retry in step."""
    return min(8.0, 0.25 * 2.0**attempt) * (0.5 + random.random() / 2)


def _error_of(status: int, data: bytes, method: str, path: str) -> SightlineError:
    try:
        error = json.loads(data).get("error") or {}
    except (ValueError, AttributeError):
        error = {}
    if not isinstance(error, dict):
        error = {}
    return SightlineError(status, str(error.get("code", "http_error")), str(error.get("message", f"{method} {path} answered {status}")), error.get("details"))
