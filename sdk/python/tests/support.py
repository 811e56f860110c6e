"""What the tests share: the conformance cases and the service named by the environment."""

from __future__ import annotations

import json
import logging
import os
import time
import unittest
from pathlib import Path
from typing import Any, Callable, Dict, Optional

# The SDK warns on the logger when the service is down, which some tests arrange on purpose.
logging.getLogger("sightline").setLevel(logging.ERROR)

CASES: Dict[str, Any] = json.loads((Path(__file__).resolve().parents[2] / "conformance" / "cases.json").read_text("utf-8"))

BASE_URL = os.environ.get("SIGHTLINE_BASE_URL")
PUBLIC_KEY = os.environ.get("SIGHTLINE_PUBLIC_KEY")
SECRET_KEY = os.environ.get("SIGHTLINE_SECRET_KEY")

needs_service = unittest.skipUnless(BASE_URL and PUBLIC_KEY and SECRET_KEY, "set SIGHTLINE_BASE_URL, SIGHTLINE_PUBLIC_KEY and SIGHTLINE_SECRET_KEY to run against a service")


def unique(prefix: str) -> str:
    return f"{prefix}-{time.time_ns():x}"


def poll(fn: Callable[[], Optional[Any]], timeout_seconds: float = 30.0) -> Any:
    """The service drains ingest in the background: ask until the answer is there."""
    deadline = time.monotonic() + timeout_seconds
    last: Optional[BaseException] = None
    while time.monotonic() < deadline:
        try:
            value = fn()
            if value is not None:
                return value
        except Exception as e:  # noqa: BLE001 - a 404 until the worker has run
            last = e
        time.sleep(0.1)
    raise AssertionError(f"not there after {timeout_seconds} s (last error: {last!r})")
