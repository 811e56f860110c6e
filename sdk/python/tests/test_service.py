"""Against a running service (``npm test`` spawns one): what the SDK sends is what the service keeps."""

import json
import threading
import time
import unittest
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List

from sightline import SIGNATURE_HEADER, TIMESTAMP_HEADER, IngestProblem, Sightline, UnreachableError, compile_prompt, parse_trigger, verify_signature

from .proxy import Proxy
from .support import BASE_URL, CASES, poll, unique, needs_service


def client(**options: Any) -> Sightline:
    return Sightline(**options)  # the SIGHTLINE_* environment names the service and the key


def save_prompt(c: Sightline, name: str, content: Any) -> Dict[str, Any]:
    body = {"name": name, "type": "TEXT" if isinstance(content, str) else "CHAT", "content": content, "labels": ["production"]}
    return c._transport.request("POST", "/v1/prompts", body)


@needs_service
class IngestRoundTrip(unittest.TestCase):
    def test_a_trace_with_span_generation_event_and_scores_reads_back(self) -> None:
        problems: List[IngestProblem] = []
        c = client(on_error=problems.append)
        with c.trace("chat", user_id="u-py", session_id="s-py", input="hi", tags=["sdk"]) as trace:
            with c.span("retrieve", input={"q": "hi"}) as span:
                span.update(output=["doc-1"])
                with c.generation("answer", model="gpt-4o-mini", model_parameters={"temperature": 0}, usage_details={"input": 12, "output": 3}) as gen:
                    gen.update(output="hello")
                c.event("cache-miss")
            c.score("helpful", 1, data_type="BOOLEAN", comment="batched")
            trace.update(output="hello")
        score_id = c.create_score("accuracy", 0.75, trace_id=trace.id)
        self.assertTrue(c.flush(10))
        c.shutdown()

        read = poll(lambda: (lambda t: t if len(t["observations"]) == 3 and len(t["scores"]) == 2 else None)(c.get_trace(trace.id)))

        self.assertEqual(problems, [])
        self.assertEqual((read["name"], read["userId"], read["sessionId"], read["input"], read["output"]), ("chat", "u-py", "s-py", "hi", "hello"))
        obs = {o["name"]: o for o in read["observations"]}
        self.assertEqual(obs["retrieve"]["output"], ["doc-1"])
        self.assertEqual((obs["answer"]["type"], obs["answer"]["model"], obs["answer"]["parentObservationId"]), ("GENERATION", "gpt-4o-mini", obs["retrieve"]["id"]))
        self.assertEqual((obs["answer"]["usageDetails"]["input"], obs["answer"]["usageDetails"]["output"]), (12, 3))
        self.assertEqual(obs["cache-miss"]["type"], "EVENT")
        scores = {s["name"]: s for s in read["scores"]}
        self.assertEqual((scores["helpful"]["value"], scores["accuracy"]["value"], scores["accuracy"]["id"]), (1, 0.75, score_id))
        sdks = c._transport.request("GET", "/v1/usage/sdks")["data"]
        self.assertIn("sightline-python", [s["name"] for s in sdks])


@needs_service
class Prompts(unittest.TestCase):
    def test_compile_matches_the_service_for_every_shared_case(self) -> None:
        c = client()
        for i, case in enumerate(CASES["compile"]):
            with self.subTest(case["name"]):
                name = unique(f"conf-{i}")
                save_prompt(c, name, case["content"])

                served = c.compile_prompt_remote(name, case["variables"], case["placeholders"])["compiled"]
                local = c.get_prompt(name).compile(case["variables"], case["placeholders"])

                self.assertEqual(served, case["expected"])
                self.assertEqual(local, served)
        c.shutdown()

    def test_cache_serves_stale_while_refreshing_then_falls_back_when_unreachable(self) -> None:
        host, port = urllib.parse.urlsplit(BASE_URL).hostname, urllib.parse.urlsplit(BASE_URL).port
        proxy = Proxy((host or "127.0.0.1", port or 80))
        admin = client()
        c = client(base_url=proxy.url, timeout_seconds=2)
        name = unique("cached")
        save_prompt(admin, name, "v1 {{x}}")

        first = c.get_prompt(name, cache_ttl_seconds=0.5)
        save_prompt(admin, name, "v2 {{x}}")
        fresh = c.get_prompt(name, cache_ttl_seconds=0.5)
        time.sleep(0.6)
        stale = c.get_prompt(name, cache_ttl_seconds=0.5)
        refreshed = poll(lambda: (lambda p: p if p.version == 2 else None)(c.get_prompt(name, cache_ttl_seconds=0.5)), 5)

        self.assertEqual((first.version, first.compile({"x": 1})), (1, "v1 1"))
        self.assertEqual(fresh.version, 1, "within the TTL the cache answers")
        self.assertEqual(stale.version, 1, "past the TTL the cached value is served while the refresh runs")
        self.assertEqual(refreshed.content, "v2 {{x}}")

        proxy.switch_off()
        time.sleep(0.6)
        started = time.monotonic()
        served_stale = c.get_prompt(name, cache_ttl_seconds=0.5)
        fallback = c.get_prompt(unique("never-fetched"), fallback=[{"role": "system", "content": "Be {{tone}}."}])
        elapsed = time.monotonic() - started
        with self.assertRaises(UnreachableError):
            c.get_prompt(unique("never-fetched"))

        self.assertEqual((served_stale.version, served_stale.is_fallback), (2, False))
        self.assertTrue(fallback.is_fallback)
        self.assertEqual(fallback.compile({"tone": "brief"}), [{"role": "system", "content": "Be brief."}])
        self.assertLess(elapsed, 2.5, "one timeout at most")
        closed = client(base_url=proxy.url, timeout_seconds=1, max_retries=0)
        self.assertEqual(closed.get_prompt(name, fallback="offline {{x}}").compile({"x": True}), "offline true")
        for x in (c, closed, admin):
            x.shutdown()


class _Runner:
    """A tiny dataset runner: verifies the trigger with the SDK, fetches the items and reports a trace each."""

    def __init__(self, c: Sightline) -> None:
        self.secret = ""
        self.verified: List[bool] = []
        self.reported: List[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length") or 0))
                ok = verify_signature(outer.secret, self.headers.get(TIMESTAMP_HEADER), raw, self.headers.get(SIGNATURE_HEADER))
                outer.verified.append(ok)
                tampered = verify_signature(outer.secret, self.headers.get(TIMESTAMP_HEADER), raw + b" ", self.headers.get(SIGNATURE_HEADER))
                outer.verified.append(not tampered)
                self.send_response(202 if ok else 401)
                self.send_header("content-length", "0")
                self.end_headers()
                if ok:
                    threading.Thread(target=outer.run, args=(parse_trigger(raw),), daemon=True).start()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/trigger"
        self.c = c
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def run(self, trigger: Dict[str, Any]) -> None:
        for item in self.c.get_dataset_items(trigger["itemsUrl"]):
            with self.c.trace("runner-task", input=item["input"]) as trace:
                trace.update(output=str(item["input"]).upper())
            self.c.create_dataset_run_item(trigger["dataset"], trigger["runName"], item["id"], trace.id)
            self.reported.append(item["id"])


@needs_service
class Datasets(unittest.TestCase):
    def test_the_runner_verifies_a_server_signed_trigger_and_reports_its_items(self) -> None:
        c = client()
        runner = _Runner(c)
        name = unique("remote")
        c.create_dataset(name)
        c.add_dataset_items(name, [{"input": "a"}, {"input": "b", "expected_output": "B"}])
        runner.secret = c.set_runner(name, runner.url)["secret"]

        answer = c.start_remote_run(name, "nightly")
        poll(lambda: True if len(runner.reported) == 2 else None, 10)
        run = c.get_dataset_run(name, "nightly")

        self.assertEqual((answer["accepted"], answer["status"]), (True, "accepted"))
        self.assertEqual(runner.verified, [True, True])
        self.assertEqual(len(run["items"]), 2)
        runner.server.shutdown()
        runner.server.server_close()
        c.shutdown()

    def test_a_recorded_run_feeds_the_gate(self) -> None:
        c = client()
        name = unique("gated")
        c.create_dataset(name, description="python sdk")
        self.assertEqual(c.add_dataset_items(name, [{"input": q, "expected_output": q.upper()} for q in ("x", "y", "z")])["added"], 3)
        items = c.get_dataset_items(name)
        links = []
        for item, exact in zip(items, (1, 1, 0)):
            with c.trace("task", input=item["input"]) as trace:
                trace.update(output=item["expectedOutput"] if exact else "wrong")
                c.score("exact", exact)
            links.append({"dataset_item_id": item["id"], "trace_id": trace.id})
        self.assertTrue(c.flush(10))

        c.create_dataset_run(name, "candidate", items=links)
        gate = poll(lambda: (lambda g: g if g["results"][0]["count"] == 3 else None)(c.gate_dataset_run(name, "candidate", {"exact": 0.6})))
        strict = c.gate_dataset_run(name, "candidate", {"exact": 0.9})

        self.assertTrue(gate["passed"])
        self.assertAlmostEqual(gate["results"][0]["mean"], 2 / 3)
        self.assertFalse(strict["passed"])
        c.shutdown()


@needs_service
class Evaluators(unittest.TestCase):
    def test_run_evaluator_scores_the_output_given(self) -> None:
        c = client()
        name = unique("short")
        c._transport.request("POST", "/v1/evaluators", {"name": name, "kind": "CODE", "expression": "len(output) < 10", "scoreDataType": "BOOLEAN"})

        result = c.run_evaluator(name, trace_id=unique("t"), input="q", output="short")

        self.assertEqual((result["score"]["name"], result["score"]["value"], result["score"]["dataType"]), (name, 1, "BOOLEAN"))
        c.shutdown()


if __name__ == "__main__":
    unittest.main()
