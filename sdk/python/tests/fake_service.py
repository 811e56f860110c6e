"""A local HTTP server standing in for the service, scripted per test: answers, delays, failures."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Optional, Tuple

# (status, headers, body) for one request; None lets the default 207 answer.
Script = Callable[[str, str, Any], Optional[Tuple[int, Dict[str, str], Any]]]


class FakeService:
    def __init__(self, script: Optional[Script] = None, delay_seconds: float = 0.0) -> None:
        self.requests: List[Tuple[str, str, Any, float]] = []
        self.script = script
        self.delay_seconds = delay_seconds
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _answer(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                body = json.loads(raw) if raw else None
                outer.requests.append((self.command, self.path, body, time.monotonic()))
                if outer.delay_seconds:
                    time.sleep(outer.delay_seconds)
                answer = outer.script(self.command, self.path, body) if outer.script else None
                if answer is None:
                    answer = (207, {}, {"successes": [{"id": e["id"], "status": 201} for e in (body or {}).get("batch", [])], "errors": []})
                status, headers, payload = answer
                data = json.dumps(payload).encode()
                try:
                    self._send(status, headers, data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up waiting, as a test of timeouts wants

            def _send(self, status: int, headers: Dict[str, str], data: bytes) -> None:
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = _answer

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def events(self) -> List[Dict[str, Any]]:
        return [e for method, path, body, _ in self.requests if path == "/v1/ingest" for e in body["batch"]]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
