"""Observation and trace ids, cheap enough for the caller's thread."""

from __future__ import annotations

import itertools
import os

_prefix = os.urandom(8).hex()
_counter = itertools.count(1)


def new_id() -> str:
    """
    32 hex characters: a random per-process prefix and a counter. ``uuid4()`` costs a syscall per id, which
    would be most of a span's overhead; uniqueness only needs the prefix to differ between processes.
    """
    return f"{_prefix}{next(_counter):016x}"


def _after_fork() -> None:
    # A forked child inherits the prefix and the counter: without a new prefix it would repeat the parent's ids.
    global _prefix, _counter
    _prefix = os.urandom(8).hex()
    _counter = itertools.count(1)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)
