import time
import unittest
from typing import Any, List

from sightline import Sightline, SightlineError

from .fake_service import FakeService


def prompt(version: int) -> Any:
    return (200, {}, {"name": "greet", "version": version, "type": "TEXT", "content": f"v{version} {{{{name}}}}", "config": {}, "labels": ["production"]})


class PromptCache(unittest.TestCase):
    def setUp(self) -> None:
        self.versions: List[Any] = [prompt(1)]
        self.service = FakeService(lambda m, p, b: self.versions[0])
        self.client = Sightline(self.service.url, "pk", "sk", timeout_seconds=0.5, max_retries=0)

    def tearDown(self) -> None:
        self.client.shutdown(1)
        self.service.close()

    def gets(self) -> List[str]:
        return [path for method, path, _, _ in self.service.requests if method == "GET"]

    def test_fresh_from_the_cache_then_stale_while_one_refresh_runs(self) -> None:
        first = self.client.get_prompt("greet", cache_ttl_seconds=0.2)
        self.versions[0] = prompt(2)
        cached = self.client.get_prompt("greet", cache_ttl_seconds=0.2)
        time.sleep(0.25)
        stale = [self.client.get_prompt("greet", cache_ttl_seconds=0.2) for _ in range(5)]
        deadline = time.monotonic() + 2
        while self.client.get_prompt("greet", cache_ttl_seconds=10).version != 2 and time.monotonic() < deadline:
            time.sleep(0.01)

        self.assertEqual((first.version, cached.version), (1, 1))
        self.assertEqual(stale[0].version, 1)
        self.assertEqual(self.client.get_prompt("greet", cache_ttl_seconds=10).compile({"name": "Ada"}), "v2 Ada")
        self.assertEqual(self.gets()[0], "/v1/prompts/greet?channel=production")
        self.assertLessEqual(len(self.gets()), 3, "one refresh for the stale reads, not one each")

    def test_channel_and_version_are_separate_cache_entries(self) -> None:
        self.client.get_prompt("greet", channel="staging")
        self.client.get_prompt("greet", version=1)
        self.client.get_prompt("greet", version=1)

        self.assertEqual(self.gets(), ["/v1/prompts/greet?channel=staging", "/v1/prompts/greet?version=1"])

    def test_fallback_for_any_failure_and_the_error_without_one(self) -> None:
        self.versions[0] = (503, {}, {"error": {"code": "unavailable", "message": "down"}})
        fallback = self.client.get_prompt("greet", fallback="Hello {{name}}")
        self.versions[0] = (404, {}, {"error": {"code": "not_found", "message": "no prompt greet"}})

        self.assertTrue(fallback.is_fallback)
        self.assertEqual(fallback.compile({"name": 3.0}), "Hello 3")
        self.assertTrue(self.client.get_prompt("other", fallback="x").is_fallback)
        with self.assertRaises(SightlineError) as caught:
            self.client.get_prompt("missing")
        self.assertEqual(caught.exception.code, "not_found")

    def test_a_slow_service_costs_one_timeout_then_the_fallback(self) -> None:
        self.service.delay_seconds = 2
        started = time.monotonic()

        got = self.client.get_prompt("greet", fallback=[{"role": "system", "content": "hi"}])

        self.assertLess(time.monotonic() - started, 1.0)
        self.assertEqual((got.type, got.content), ("CHAT", [{"role": "system", "content": "hi"}]))
