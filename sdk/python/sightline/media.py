"""Media in inputs, outputs and metadata: upload bytes, put the answered token where they were (docs/media.md)."""

from __future__ import annotations

import base64
import hashlib
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple

from .errors import SightlineError

if TYPE_CHECKING:
    from .client import Sightline


def _langfuse_call(sl: "Sightline", method: str, path: str, body: Dict[str, Any]) -> Tuple[int, Any]:
    """The media routes answer Langfuse's error body ``{message, error, code}``, so this reads the status itself."""
    status, _, data = sl._transport.send_once(method, path, json.dumps(body).encode("utf-8"))
    try:
        parsed = json.loads(data) if data else None
    except ValueError:
        parsed = data.decode("utf-8", "replace")
    if status >= 300:
        b = parsed if isinstance(parsed, dict) else {}
        raise SightlineError(status, str(b.get("code", "http_error")), str(b.get("message", f"{method} {path} answered {status}")), b.get("details"))
    return status, parsed


def attach_media(sl: "Sightline", data: bytes, content_type: str, trace_id: str, field: str = "input", observation_id: Optional[str] = None) -> str:
    """
    Uploads ``data`` through ``/api/public/media`` (the presigned upload Langfuse's SDKs use) and returns the
    reference token to put in the trace's or observation's ``field`` (input, output or metadata), where the
    console shows the media. Bytes the project already holds are not sent again.
    @raises SightlineError for a refused type (400) or size (413), or a failed upload.
    """
    sha256 = base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")
    body: Dict[str, Any] = {"traceId": trace_id, "field": field, "contentType": content_type, "contentLength": len(data), "sha256Hash": sha256}
    if observation_id:
        body["observationId"] = observation_id
    _, answer = _langfuse_call(sl, "POST", "/api/public/media", body)
    media_id, upload_url = answer["mediaId"], answer["uploadUrl"]
    token = f"@@@langfuseMedia:type={content_type}|id={media_id}|source=bytes@@@"
    if upload_url is None:
        return token
    started = time.monotonic()
    # The checksum header is part of an S3 upload URL's signature; the local server checks the hash itself.
    put = urllib.request.Request(upload_url, data=data, method="PUT", headers={"content-type": content_type, "x-amz-checksum-sha256": sha256})
    try:
        with urllib.request.urlopen(put, timeout=60) as res:
            status, text = res.status, res.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read().decode("utf-8", "replace")
    ok = status in (200, 201)
    report = {"uploadedAt": datetime.now(timezone.utc).isoformat(), "uploadHttpStatus": status, "uploadHttpError": None if ok else text, "uploadTimeMs": int((time.monotonic() - started) * 1000)}
    _langfuse_call(sl, "PATCH", f"/api/public/media/{urllib.parse.quote(media_id, safe='')}", report)
    if not ok:
        try:
            message = json.loads(text)["error"]["message"]
        except (ValueError, KeyError, TypeError):
            message = text
        raise SightlineError(status, "upload_failed", f"Media upload failed with {status}: {message}")
    return token
