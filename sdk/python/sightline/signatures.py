"""Verification of the service's signed calls (runner triggers, webhooks)."""

from __future__ import annotations

import hashlib
import hmac
import re
import time
from typing import Optional, Union

SIGNATURE_HEADER = "x-service-signature"
TIMESTAMP_HEADER = "x-service-timestamp"
_WHOLE_SECONDS = re.compile(r"[0-9]+")


def verify_signature(
    secret: str,
    timestamp: Union[str, int, None],
    body: Union[str, bytes],
    signature: Optional[str],
    tolerance_seconds: float = 300,
    now: Optional[float] = None,
) -> bool:
    """
    True when ``signature`` is the hex HMAC-SHA256 of ``<timestamp>.<body>`` keyed with ``secret`` and the
    timestamp (Unix seconds) is within ``tolerance_seconds`` of ``now``. Pass the body exactly as received:
    re-serialised JSON does not verify.
    """
    if not secret or timestamp is None or not signature:
        return False
    if isinstance(timestamp, bool):
        return False
    if isinstance(timestamp, int):
        ts = timestamp
    elif isinstance(timestamp, str) and _WHOLE_SECONDS.fullmatch(timestamp):
        ts = int(timestamp)
    else:
        return False
    clock = int(time.time() if now is None else now)
    if abs(clock - ts) > tolerance_seconds:
        return False
    raw = body if isinstance(body, bytes) else body.encode("utf-8")
    expected = hmac.new(secret.encode("utf-8"), str(ts).encode("ascii") + b"." + raw, hashlib.sha256).hexdigest()
    # compare_digest refuses non-ASCII text, and a signature is only ever hex.
    given = signature.strip().lower().encode("utf-8", "replace")
    return hmac.compare_digest(given, expected.encode("ascii"))
