"""
``get_prompt``: an in-process cache that serves a value past its TTL while one background refresh runs
(stale-while-revalidate), and a ``fallback`` when the prompt cannot be fetched and nothing is cached.
"""

from __future__ import annotations

import logging
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from .compile import Compiled, Placeholders, Variables, compile_prompt
from .errors import SightlineError
from .transport import Transport

log = logging.getLogger("sightline")

Content = Union[str, List[Dict[str, Any]]]
CacheKey = Tuple[str, Optional[str], Optional[int]]


@dataclass(frozen=True)
class Prompt:
    """A prompt version as served (includes expanded when fetched by channel or version)."""

    name: str
    version: int
    type: str
    content: Content
    config: Dict[str, Any] = field(default_factory=dict)
    labels: List[str] = field(default_factory=list)
    is_fallback: bool = False

    def compile(self, variables: Variables = {}, placeholders: Placeholders = {}) -> Compiled:
        """The same result as ``POST /v1/prompts/{name}/compile`` for this version."""
        return compile_prompt(self.content, variables, placeholders)


def _prompt_of(answer: Mapping[str, Any]) -> Prompt:
    return Prompt(
        name=answer["name"],
        version=answer["version"],
        type=answer["type"],
        content=answer["content"],
        config=answer.get("config") or {},
        labels=list(answer.get("labels") or []),
    )


class PromptCache:
    def __init__(self, transport: Transport) -> None:
        self._transport = transport
        self._entries: Dict[CacheKey, Tuple[Prompt, float]] = {}
        self._refreshing: Dict[CacheKey, threading.Thread] = {}
        self._lock = threading.Lock()

    def get(
        self,
        name: str,
        channel: Optional[str],
        version: Optional[int],
        cache_ttl_seconds: float,
        fallback: Optional[Union[str, Sequence[Mapping[str, Any]]]],
    ) -> Prompt:
        # Without a channel or version the compile endpoint's default applies, so both sides agree.
        key: CacheKey = (name, channel if channel is not None or version is not None else "production", version)
        entry = self._entries.get(key)
        now = time.monotonic()
        if entry is not None and cache_ttl_seconds > 0:
            prompt, fetched = entry
            if now - fetched >= cache_ttl_seconds:
                self._refresh_in_background(key)
            return prompt
        try:
            # One attempt: the caller waits one timeout at most (a stale refresh, off its path, retries).
            return self._fetch(key, retries=0)
        except SightlineError as e:
            # Any failure, a missing prompt included, as the TypeScript and Go SDKs do: the fallback keeps the
            # caller's code path working, and the warning says why it was used.
            if fallback is None:
                raise
            log.warning("sightline: prompt %r unavailable (%s), using the fallback", name, e.message)
            return Prompt(name=name, version=0, type="TEXT" if isinstance(fallback, str) else "CHAT", content=fallback if isinstance(fallback, str) else [dict(m) for m in fallback], is_fallback=True)

    def invalidate(self, name: Optional[str] = None) -> None:
        with self._lock:
            for key in [k for k in self._entries if name is None or k[0] == name]:
                del self._entries[key]

    def _fetch(self, key: CacheKey, retries: Optional[int] = None) -> Prompt:
        name, channel, version = key
        query = urllib.parse.urlencode({k: v for k, v in (("channel", channel), ("version", version)) if v is not None})
        answer = self._transport.request("GET", f"/v1/prompts/{urllib.parse.quote(name, safe='')}?{query}", retries=retries)
        prompt = _prompt_of(answer)
        with self._lock:
            self._entries[key] = (prompt, time.monotonic())
        return prompt

    def _refresh_in_background(self, key: CacheKey) -> None:
        with self._lock:
            running = self._refreshing.get(key)
            if running is not None and running.is_alive():
                return
            thread = threading.Thread(target=self._refresh, args=(key,), name="sightline-prompt-refresh", daemon=True)
            self._refreshing[key] = thread
        thread.start()

    def _refresh(self, key: CacheKey) -> None:
        try:
            self._fetch(key)
        except Exception as e:  # noqa: BLE001 - the stale value keeps being served; the next call tries again
            log.warning("sightline: refreshing prompt %r failed, serving the cached version: %s", key[0], e)
        finally:
            with self._lock:
                self._refreshing.pop(key, None)
