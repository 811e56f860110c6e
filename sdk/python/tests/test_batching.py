import os
import threading
import time
import unittest
from typing import Any, List, Optional

from sightline.batcher import Batcher, Record
from sightline.errors import IngestProblem

from .support import CASES

SETTINGS = CASES["batching"]


class FakeTransport:
    """Records each batch it is given; ``up`` False answers as a service that cannot be reached."""

    def __init__(self) -> None:
        self.received: List[List[int]] = []
        self.up = True
        self.lock = threading.Lock()

    def __call__(self, batch: List[Record], deadline: Optional[float]) -> bool:
        with self.lock:
            if not self.up:
                return False
            self.received.append([int(body["id"]) for _, body, _ in batch])
            return True

    @property
    def batches(self) -> List[int]:
        """Batch sizes in the order of their events: with several requests in flight, arrival order varies."""
        ordered = sorted(self.received, key=lambda ids: ids[0])
        self_check = [i for ids in ordered for i in ids]
        assert self_check == sorted(self_check), "every batch holds consecutive events, in order"
        return [len(ids) for ids in ordered]


def batcher(transport: FakeTransport, problems: Optional[List[IngestProblem]] = None, start: bool = True, interval: Optional[float] = None) -> Batcher:
    return Batcher(
        transport,
        max_batch_events=SETTINGS["maxBatchEvents"],
        flush_interval_seconds=SETTINGS["flushIntervalMs"] / 1000 if interval is None else interval,
        max_queued_events=SETTINGS["maxQueuedEvents"],
        on_problem=(problems.append if problems is not None else lambda p: None),
        start=start,
    )


def enqueue(b: Batcher, count: int) -> None:
    for i in range(count):
        b.add("event-create", {"id": str(i), "traceId": "t"}, time.time())


class BatchingConformance(unittest.TestCase):
    def test_every_shared_case(self) -> None:
        for case in SETTINGS["cases"]:
            with self.subTest(case["name"]):
                transport = FakeTransport()
                problems: List[IngestProblem] = []
                b = batcher(transport, problems, start=not case.get("paused", False))

                enqueue(b, case["enqueue"])

                if case.get("paused"):
                    self.assertEqual(b.queued, case["expectQueued"])
                    self.assertEqual(b.dropped, case["expectDropped"])
                else:
                    self.assertTrue(b.flush(5))
                    self.assertEqual(transport.batches, case["expectBatches"])
                b.shutdown(5)
                if case.get("paused"):
                    dropped = sum(p.count for p in problems if p.kind == "dropped")
                    self.assertEqual(dropped, case["expectDropped"], "the overflow is reported, not silently lost")

    def test_a_partial_batch_goes_at_the_interval_without_flush(self) -> None:
        transport = FakeTransport()
        b = batcher(transport, interval=0.2)

        enqueue(b, 7)
        time.sleep(0.6)

        self.assertEqual(transport.batches, [7])
        b.shutdown(1)

    def test_a_full_batch_goes_at_once_without_waiting_for_the_interval(self) -> None:
        transport = FakeTransport()
        b = batcher(transport, interval=60)

        enqueue(b, 100)
        deadline = time.monotonic() + 2
        while not transport.received and time.monotonic() < deadline:
            time.sleep(0.01)

        self.assertEqual(transport.batches, [100])
        b.shutdown(1)

    def test_events_kept_while_the_service_is_down_go_once_it_is_back(self) -> None:
        transport = FakeTransport()
        transport.up = False
        b = batcher(transport, start=False)

        enqueue(b, 150)
        self.assertFalse(b.flush(1))
        self.assertEqual(b.queued, 150)
        transport.up = True

        self.assertTrue(b.flush(1))
        self.assertEqual(transport.batches, [100, 50])

    def test_shutdown_reports_what_it_could_not_deliver(self) -> None:
        transport = FakeTransport()
        transport.up = False
        problems: List[IngestProblem] = []
        b = batcher(transport, problems, start=False)

        enqueue(b, 3)
        self.assertFalse(b.shutdown(0.5))

        self.assertEqual([(p.kind, p.count) for p in problems], [("lost", 3)])

    def test_a_failing_callback_does_not_stop_the_sender(self) -> None:
        transport = FakeTransport()

        def explode(problem: Any) -> None:
            raise RuntimeError("boom")

        b = Batcher(transport, 100, 1.0, 5, on_problem=explode, start=False)
        enqueue(b, 8)

        with self.assertLogs("sightline", "ERROR"):
            self.assertTrue(b.flush(1))
        self.assertEqual(transport.batches, [5])


class InFlight(unittest.TestCase):
    def test_one_request_at_a_time_keeps_batches_in_order(self) -> None:
        transport = FakeTransport()
        b = Batcher(transport, 100, 60, 10_000, on_problem=lambda p: None, start=False, max_in_flight=1)

        enqueue(b, 450)

        self.assertTrue(b.flush(5))
        self.assertEqual([len(ids) for ids in transport.received], [100, 100, 100, 100, 50])
        self.assertEqual([ids[0] for ids in transport.received], [0, 100, 200, 300, 400])

    def test_a_batch_that_fails_among_several_in_flight_is_kept_and_sent_later(self) -> None:
        calls: List[int] = []

        def flaky(batch: List[Record], deadline: Optional[float]) -> bool:
            calls.append(len(batch))
            return len(calls) != 2

        b = Batcher(flaky, 100, 60, 10_000, on_problem=lambda p: None, start=False, max_in_flight=4)
        enqueue(b, 300)

        self.assertFalse(b.flush(5))
        self.assertEqual(b.queued, 100)
        self.assertTrue(b.flush(5))
        self.assertEqual(b.queued, 0)


@unittest.skipUnless(hasattr(os, "fork"), "needs os.fork")
class Fork(unittest.TestCase):
    def test_a_forked_child_sends_its_own_events_only(self) -> None:
        read, write = os.pipe()
        b = Batcher(lambda batch, deadline: os.write(write, f"{os.getpid()}:{len(batch)}\n".encode()) > 0, 100, 0.05, 1000, on_problem=lambda p: None, start=True)
        enqueue(b, 5)

        pid = os.fork()
        if pid == 0:
            enqueue(b, 3)
            b.flush(2)
            os._exit(0)
        os.waitpid(pid, 0)
        b.flush(2)
        os.close(write)
        lines = sorted(os.read(read, 4096).decode().split())
        os.close(read)

        self.assertEqual(sorted(line.split(":")[1] for line in lines), ["3", "5"])
        b.shutdown(1)
