import asyncio
import time
import unittest
from typing import Any, List

from sightline import IngestProblem, Sightline, SightlineError

from .fake_service import FakeService


class Tracing(unittest.TestCase):
    def setUp(self) -> None:
        self.service = FakeService()
        self.problems: List[IngestProblem] = []
        self.client = Sightline(self.service.url, "pk-test", "sk-test", on_error=self.problems.append)

    def tearDown(self) -> None:
        self.client.shutdown(2)
        self.service.close()

    def test_nested_context_managers_send_a_trace_its_span_and_generation_with_parents(self) -> None:
        with self.client.trace("chat", user_id="u1", session_id="s1", tags=["a"]) as trace:
            with self.client.span("retrieve", input={"q": "hi"}) as span:
                span.update(output=["doc"])
                with self.client.generation("answer", model="gpt-4o-mini", usage_details={"input": 12, "output": 3}, cost_details={"total": 0.001}) as gen:
                    gen.update(output="hello")
            self.client.score("helpful", 1, data_type="BOOLEAN")
            trace.update(output="hello")

        self.assertTrue(self.client.flush(5))

        events = self.service.events()
        by_type = {}
        for e in events:
            by_type.setdefault(e["type"], []).append(e["body"])
        self.assertEqual([b["name"] for b in by_type["trace-create"] if "name" in b], ["chat"])
        self.assertEqual(by_type["trace-create"][0]["userId"], "u1")
        s = by_type["span-create"][0]
        g = by_type["generation-create"][0]
        self.assertEqual((s["traceId"], s["input"], s["output"]), (trace.id, {"q": "hi"}, ["doc"]))
        self.assertEqual((g["parentObservationId"], g["model"], g["usageDetails"]), (s["id"], "gpt-4o-mini", {"input": 12, "output": 3}))
        self.assertLessEqual(g["startTime"], g["endTime"])
        self.assertTrue(s["startTime"].endswith("Z"))
        self.assertEqual(by_type["score-create"][0], {"id": by_type["score-create"][0]["id"], "name": "helpful", "value": 1, "traceId": trace.id, "dataType": "BOOLEAN"})
        batch = self.service.requests[0][2]
        self.assertEqual(batch["sdk"]["name"], "sightline-python")

    def test_a_span_that_raises_is_sent_with_level_error_and_the_error_propagates(self) -> None:
        with self.assertRaises(KeyError):
            with self.client.span("lookup"):
                raise KeyError("missing")
        self.client.flush(5)

        (body,) = [e["body"] for e in self.service.events()]
        self.assertEqual(body["level"], "ERROR")
        self.assertIn("KeyError", body["statusMessage"])

    def test_observe_records_arguments_and_result_and_nests_calls(self) -> None:
        @self.client.observe()
        def inner(x: int) -> int:
            return x * 2

        @self.client.observe(name="outer")
        def outer(a: int, b: int = 1) -> int:
            return inner(a) + b

        self.assertEqual(outer(3, b=4), 10)
        self.client.flush(5)

        events = self.service.events()
        spans = {e["body"]["name"]: e["body"] for e in events if e["type"] == "span-create"}
        traces = [e["body"] for e in events if e["type"] == "trace-create"]
        self.assertEqual(spans["outer"]["input"], {"a": 3, "b": 4})
        self.assertEqual(spans["outer"]["output"], 10)
        self.assertEqual(spans[inner.__qualname__]["parentObservationId"], spans["outer"]["id"])
        self.assertEqual((traces[0]["name"], traces[0]["output"]), ("outer", 10))

    def test_observe_wraps_coroutines(self) -> None:
        @self.client.observe(as_type="generation")
        async def ask(q: str) -> str:
            await asyncio.sleep(0)
            return q.upper()

        self.assertEqual(asyncio.run(ask("hi")), "HI")
        self.client.flush(5)

        (gen,) = [e["body"] for e in self.service.events() if e["type"] == "generation-create"]
        self.assertEqual((gen["input"], gen["output"]), ({"q": "hi"}, "HI"))

    def test_per_event_refusals_go_to_the_callback_not_the_caller(self) -> None:
        def refuse_scores(method: str, path: str, body: Any) -> Any:
            batch = body["batch"]
            bad = [e for e in batch if e["type"] == "score-create"]
            return (207, {}, {"successes": [{"id": e["id"], "status": 201} for e in batch if e not in bad], "errors": [{"id": e["id"], "status": 400, "message": "a score needs a value"} for e in bad]})

        self.service.script = refuse_scores
        self.client.score("oops", trace_id="t1", comment="no value")
        self.client.span("fine").end()

        self.assertTrue(self.client.flush(5))

        self.assertEqual([(p.kind, p.status, p.message) for p in self.problems], [("rejected", 400, "a score needs a value")])
        self.assertEqual(self.client.stats["rejected"], 1)
        self.assertEqual(self.client.stats["sent"], 1)


class Faults(unittest.TestCase):
    def test_retries_429_after_the_retry_after_it_names_then_delivers(self) -> None:
        answers = [(429, {"retry-after": "1"}, {"error": {"code": "rate_limited", "message": "slow down"}})]
        service = FakeService(lambda m, p, b: answers.pop() if answers else None)
        client = Sightline(service.url, "pk", "sk", on_error=lambda p: None)
        try:
            client.event("ping", trace_id="t1")
            self.assertTrue(client.flush(10))

            times = [t for _, path, _, t in service.requests if path == "/v1/ingest"]
            self.assertEqual(len(times), 2)
            self.assertGreaterEqual(times[1] - times[0], 0.95)
        finally:
            client.shutdown(2)
            service.close()

    def test_5xx_are_retried_with_backoff(self) -> None:
        answers = [(503, {}, {"error": {"code": "unavailable", "message": "later"}})] * 2
        service = FakeService(lambda m, p, b: answers.pop() if answers else None)
        client = Sightline(service.url, "pk", "sk", on_error=lambda p: None)
        try:
            client.event("ping", trace_id="t1")
            self.assertTrue(client.flush(10))
            self.assertEqual(len(service.events()), 3)
            self.assertEqual(client.stats["sent"], 1)
        finally:
            client.shutdown(2)
            service.close()

    def test_a_slow_service_costs_the_caller_nothing_and_flush_at_most_its_timeout(self) -> None:
        service = FakeService(delay_seconds=3)
        problems: List[IngestProblem] = []
        client = Sightline(service.url, "pk", "sk", timeout_seconds=0.3, max_retries=0, on_error=problems.append)
        try:
            started = time.perf_counter()
            for _ in range(1000):
                with client.span("work"):
                    pass
            self.assertLess(time.perf_counter() - started, 0.5)

            started = time.perf_counter()
            self.assertFalse(client.flush(2))
            self.assertLess(time.perf_counter() - started, 2.5)
            self.assertTrue(any(p.kind == "retrying" for p in problems))
            self.assertEqual(client.stats["dropped"], 0)
        finally:
            client.shutdown(0.5)
            service.close()

    def test_a_synchronous_call_raises_the_services_error(self) -> None:
        service = FakeService(lambda m, p, b: (404, {}, {"error": {"code": "not_found", "message": "no dataset qa"}}))
        client = Sightline(service.url, "pk", "sk")
        try:
            with self.assertRaises(SightlineError) as caught:
                client.get_dataset("qa")
            self.assertEqual((caught.exception.status, caught.exception.code), (404, "not_found"))
        finally:
            client.shutdown(1)
            service.close()

    def test_the_environment_configures_the_client(self) -> None:
        import os
        from unittest import mock

        with mock.patch.dict(os.environ, {"SIGHTLINE_BASE_URL": "http://127.0.0.1:9/", "SIGHTLINE_PUBLIC_KEY": "pk-env", "SIGHTLINE_SECRET_KEY": "sk-env"}):
            client = Sightline()
        self.assertEqual(client.base_url, "http://127.0.0.1:9")
        client.shutdown(0)
        with mock.patch.dict(os.environ, {"SIGHTLINE_PUBLIC_KEY": "", "SIGHTLINE_SECRET_KEY": ""}):
            with self.assertRaises(ValueError):
                Sightline()
