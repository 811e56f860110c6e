import type { JobQueue, ReceivedMessage } from "@core/platform/ports";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

export interface JobQueueFixture {
  queue: JobQueue;
  /** Where `queue` moves a message after `maxReceiveCount` receives. */
  deadLetter: JobQueue;
  maxReceiveCount: number;
  cleanup?(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Receives until `count` messages arrived or `seconds` passed. */
async function receiveAll(queue: JobQueue, count: number, seconds = 5): Promise<ReceivedMessage[]> {
  const out: ReceivedMessage[] = [];
  const deadline = Date.now() + seconds * 1000;
  while (out.length < count && Date.now() < deadline) {
    out.push(
      ...(await queue.receive({ max: Math.min(10, count - out.length), visibilitySeconds: 30, waitSeconds: 1 })),
    );
  }
  return out;
}

/** The behaviour every `JobQueue` adapter promises; `make` returns an empty queue whose DLQ allows `maxReceiveCount` (2 or more) receives. */
export function describeJobQueue(name: string, make: () => Promise<JobQueueFixture>) {
  describe(`JobQueue contract: ${name}`, () => {
    let fixture: JobQueueFixture;
    let queue: JobQueue;

    beforeEach(async () => {
      fixture = await make();
      queue = fixture.queue;
    });
    afterEach(async () => {
      await fixture.cleanup?.();
    });

    it("delivers a sent message once and forgets it after ack", async () => {
      const before = Date.now();
      await queue.send([{ body: '{"job":1}' }]);

      const [m, ...rest] = await queue.receive({ max: 10, waitSeconds: 1 });

      expect(rest).toEqual([]);
      expect(m).toMatchObject({ body: '{"job":1}', attributes: {}, receiveCount: 1 });
      expect(m?.id).toEqual(expect.any(String));
      expect(m?.sentAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(m?.sentAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      await queue.ack(m!.receipt);
      expect(await queue.stats()).toMatchObject({ depth: 0, inFlight: 0 });
      expect(await queue.receive({ max: 10 })).toEqual([]);
    });

    it("round-trips string attributes", async () => {
      const attributes = { projectId: "p-1", kind: "ingest", note: "ünïcode ✓" };

      await queue.send([{ body: "a", attributes }]);

      const [m] = await queue.receive({ max: 1, waitSeconds: 1 });
      expect(m?.attributes).toEqual(attributes);
    });

    it("returns at most `max` messages", async () => {
      await queue.send([1, 2, 3, 4, 5].map((i) => ({ body: `m${i}` })));

      const got = await queue.receive({ max: 2, waitSeconds: 1 });

      expect(got.length).toBeLessThanOrEqual(2);
      expect(got.length).toBeGreaterThan(0);
    });

    it("hides a received message for the visibility timeout, then hands it out again", async () => {
      await queue.send([{ body: "v" }]);
      const [first] = await queue.receive({ max: 1, visibilitySeconds: 1, waitSeconds: 1 });

      const during = await queue.receive({ max: 1 });
      await sleep(1200);
      const [again] = await queue.receive({ max: 1, visibilitySeconds: 30, waitSeconds: 2 });

      expect(during).toEqual([]);
      expect(again?.id).toBe(first?.id);
      expect(again?.receiveCount).toBe(2);
      expect(again?.receipt).not.toBe(first?.receipt);
    });

    it("makes a released message visible again at once with delay 0", async () => {
      await queue.send([{ body: "r" }]);
      const [first] = await queue.receive({ max: 1, visibilitySeconds: 30, waitSeconds: 1 });

      await queue.release(first!.receipt, 0);

      const [again] = await queue.receive({ max: 1, visibilitySeconds: 30, waitSeconds: 1 });
      expect(again?.id).toBe(first?.id);
      expect(again?.receiveCount).toBe(2);
    });

    it("moves a message to the dead-letter queue after maxReceiveCount receives", async () => {
      await queue.send([{ body: "poison", attributes: { projectId: "p-9" } }]);
      for (let i = 1; i <= fixture.maxReceiveCount; i++) {
        const [m] = await queue.receive({ max: 1, visibilitySeconds: 30, waitSeconds: 1 });
        expect(m?.receiveCount).toBe(i);
        await queue.release(m!.receipt, 0);
      }

      const after = await queue.receive({ max: 1, visibilitySeconds: 30, waitSeconds: 1 });

      expect(after).toEqual([]);
      const [dead] = await fixture.deadLetter.receive({ max: 1, waitSeconds: 2 });
      expect(dead).toMatchObject({ body: "poison", attributes: { projectId: "p-9" } });
      expect(await queue.stats()).toMatchObject({ depth: 0, inFlight: 0 });
    });

    it("sends a batch of 25 (more than one SQS batch)", async () => {
      const bodies = Array.from({ length: 25 }, (_, i) => `batch-${i}`);

      await queue.send(bodies.map((body) => ({ body })));

      const got = await receiveAll(queue, 25);
      expect(got.map((m) => m.body).sort()).toEqual([...bodies].sort());
      expect(new Set(got.map((m) => m.id)).size).toBe(25);
    });

    it("reports depth and in-flight counts", async () => {
      await queue.send([{ body: "1" }, { body: "2" }, { body: "3" }]);
      const [m] = await queue.receive({ max: 1, visibilitySeconds: 30, waitSeconds: 1 });

      expect(await queue.stats()).toMatchObject({ depth: 2, inFlight: 1 });
      await queue.ack(m!.receipt);
      expect(await queue.stats()).toMatchObject({ depth: 2, inFlight: 0 });
    });

    it("long-polls: an empty receive waits, and returns as soon as a message is sent", async () => {
      const started = Date.now();
      const polling = queue.receive({ max: 1, waitSeconds: 5 });
      await sleep(300);

      await queue.send([{ body: "late" }]);

      const [m] = await polling;
      expect(m?.body).toBe("late");
      expect(Date.now() - started).toBeLessThan(3000);
    });

    it("returns an empty list when a long poll times out", async () => {
      const started = Date.now();

      const got = await queue.receive({ max: 1, waitSeconds: 1 });

      expect(got).toEqual([]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    });

    it("accepts an empty send", async () => {
      await queue.send([]);

      expect(await queue.stats()).toMatchObject({ depth: 0, inFlight: 0 });
    });
  });
}
