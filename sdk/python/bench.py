"""
Bench of the Python SDK against a running service (``SIGHTLINE_BASE_URL``, ``SIGHTLINE_PUBLIC_KEY``,
``SIGHTLINE_SECRET_KEY``): per-span overhead on the caller's thread (``with client.span(...)`` inside an
open trace, the background sender running) and the throughput of one client flushing full batches,
next to the same batches pre-serialised and posted by bare threads.
Prints a summary, then one JSON line for bench/sdk-python.ts.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import threading
import time
from typing import Dict, List

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from sightline import Sightline  # noqa: E402

SPANS = 200_000
QUEUED = 10_000
ROUNDS = 5
IN_FLIGHT = 4  # the client's default max_in_flight


def span_overhead(client: Sightline) -> Dict[str, float]:
    """Nanoseconds per ``with client.span()``: enter, exit, queue; the clock read itself is subtracted."""
    clock = time.perf_counter_ns
    empty = []
    for _ in range(10_000):
        t0 = clock()
        empty.append(clock() - t0)
    floor = statistics.median(empty)
    samples: List[int] = []
    with client.trace("bench-overhead"):
        for i in range(SPANS):
            t0 = clock()
            with client.span("work"):
                pass
            samples.append(clock() - t0)
            if i % 5_000 == 4_999:
                # Keep under the queue bound: a dropped event is cheaper than a queued one and would flatter the figure.
                while client.stats["queued"] > QUEUED // 2:
                    time.sleep(0.001)
    samples.sort()
    return {
        "p50_us": max(0.0, samples[len(samples) // 2] - floor) / 1000,
        "p99_us": max(0.0, samples[int(len(samples) * 0.99)] - floor) / 1000,
        "dropped": client.stats["dropped"],
    }


def wait_until_drained(client: Sightline) -> None:
    """The service digests what it accepted in the same process: measure each flush against an idle one."""
    deadline = time.monotonic() + 120
    while client._transport.request("GET", "/v1/ingest/health")["queueDepth"] > 0 and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(0.5)


def flush_throughput(client: Sightline) -> Dict[str, float]:
    """Events per second of ``flush()`` sending a full queue (100 events per request, 4 in flight)."""
    rates = []
    for _ in range(ROUNDS):
        wait_until_drained(client)
        trace = client.trace("bench-throughput")
        for _ in range(QUEUED - 1):
            trace.event("tick", input={"n": 1})
        started = time.perf_counter()
        if not client.flush(60):
            raise SystemExit("flush did not deliver everything")
        rates.append(QUEUED / (time.perf_counter() - started))
    return {"events_per_s": statistics.median(rates), "rounds": ROUNDS}


def raw_baseline(client: Sightline) -> float:
    """The same 10,000 events serialised beforehand, posted by 4 bare threads: the service's ceiling here."""
    at = "2026-01-01T00:00:00.000000Z"
    per_round = QUEUED // 100
    rates = []
    for r in range(ROUNDS):
        bodies = [
            json.dumps({"batch": [{"id": f"raw-{r}-{b}-{i}", "type": "event-create", "timestamp": at, "body": {"id": f"raw-{r}-{b}-{i}", "traceId": f"raw-{r}", "startTime": at, "name": "tick", "input": {"n": 1}}} for i in range(100)]}).encode()
            for b in range(per_round)
        ]
        wait_until_drained(client)

        def post(share: List[bytes]) -> None:
            for body in share:
                status, _, _ = client._transport.send_once("POST", "/v1/ingest", body)
                if status != 207:
                    raise SystemExit(f"ingest answered {status}")

        threads = [threading.Thread(target=post, args=(bodies[k::IN_FLIGHT],)) for k in range(IN_FLIGHT)]
        started = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        rates.append(QUEUED / (time.perf_counter() - started))
    return statistics.median(rates)


def main() -> None:
    client = Sightline(flush_interval_seconds=1.0)
    # Warm-up: the service's first ingest requests pay for module loading.
    for _ in range(500):
        client.event("warm", trace_id="bench-warm")
    client.flush(30)

    overhead = span_overhead(client)
    client.flush(60)
    throughput = flush_throughput(client)
    throughput["raw_events_per_s"] = raw_baseline(client)
    stats = client.stats
    client.shutdown()

    python = f"Python {platform.python_version()}"
    print(f"per-span overhead (caller's thread): p50 {overhead['p50_us']:.2f} µs, p99 {overhead['p99_us']:.2f} µs over {SPANS} spans ({python})")
    print(f"flush throughput: {throughput['events_per_s']:.0f} events/s (median of {ROUNDS} flushes of {QUEUED} events); pre-serialised batches, {IN_FLIGHT} in flight: {throughput['raw_events_per_s']:.0f} events/s")
    print(f"sent {stats['sent']}, rejected {stats['rejected']}, failed {stats['failed']}, dropped {stats['dropped']}")
    print(json.dumps({"python": platform.python_version(), "spans": SPANS, **overhead, **throughput, **stats}))


if __name__ == "__main__":
    main()
