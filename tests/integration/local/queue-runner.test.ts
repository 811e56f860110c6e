import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DurableLocalQueue } from "@core/adapters/local/durable-local-queue";
import { jsonLog } from "@core/adapters/system/json-log";
import type { SQSEvent } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startQueueRunner, withBodyDigests } from "../../../functions/local/queue-runner";
import type { WorkerDef } from "../../../functions/queue-workers";

// The runner receives the next delivery while the thread handles one (docs/ingest.md, "The local worker").
const worker: WorkerDef = {
  queue: "ingest",
  handler: "functions/workers/ingest.handler",
  batchSize: 2,
  localBatchSize: 2,
  visibilitySeconds: 60,
  timeoutSeconds: 10,
};
const log = jsonLog({ level: "error" });
let dir: string;
let queue: DurableLocalQueue;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "sightline-runner-"));
  queue = await DurableLocalQueue.open({ dir });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const send = (n: number) =>
  queue.send(Array.from({ length: n }, (_, i) => ({ body: JSON.stringify({ n: i }), attributes: {} })));
const bodies = (event: SQSEvent) => event.Records.map((r) => (JSON.parse(r.body) as { n: number }).n);

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
  return check();
}

describe("the local queue runner", () => {
  it("fills each record's md5OfBody, as SQS sends it, on the thread that runs the handler", () => {
    const event = {
      Records: [
        { body: "hello", md5OfBody: "" },
        { body: "{}", md5OfBody: "" },
      ],
    } as SQSEvent;
    expect(withBodyDigests(event).Records.map((r) => r.md5OfBody)).toEqual([
      "5d41402abc4b2a76b9719d911017c592",
      "99914b932bd37a50b983c5e7c90ae93b",
    ]);
  });

  it("releases a delivery whose handler could not even be invoked, as it releases one whose invocation failed", async () => {
    await send(2);
    const runner = startQueueRunner({
      root: process.cwd(),
      worker,
      queue,
      log,
      poll: false,
      invoke: () => {
        throw new Error("no thread");
      },
    });

    expect(await runner.drainOnce()).toBe(2);
    // Released for the first retry's 1 s, not held for the 60 s visibility timeout.
    await new Promise((r) => setTimeout(r, 1_100));
    const again = await queue.receive({ max: 10 });
    expect(again.map((m) => [JSON.parse(m.body), m.receiveCount])).toEqual([
      [{ n: 0 }, 2],
      [{ n: 1 }, 2],
    ]);
    await runner.stop();
  });

  it("receives the next delivery while one is handled, and handles deliveries one at a time in order", async () => {
    await send(6);
    const handled: number[][] = [];
    const aheadSeen: boolean[] = [];
    let running = 0;
    let most = 0;
    const runner = startQueueRunner({
      root: process.cwd(),
      worker,
      queue,
      log,
      poll: true,
      invoke: async (_handler, event) => {
        most = Math.max(most, ++running);
        // This delivery's 2 messages in flight, and the next delivery's 2 received ahead (the last has none after it).
        aheadSeen.push(await until(async () => (await queue.stats()).inFlight === 4));
        handled.push(bodies(event));
        running--;
        return { batchItemFailures: [] };
      },
    });

    await until(async () => handled.length === 3);
    await runner.stop();

    expect(handled).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
    expect(aheadSeen).toEqual([true, true, false]);
    expect(most).toBe(1);
    expect(await queue.stats()).toMatchObject({ depth: 0, inFlight: 0 });
  });

  /** A runner whose worker overlaps two deliveries, each held in the handler until the test lets it end. */
  function overlappingRunner() {
    const started: number[][] = [];
    const endings: (() => void)[] = [];
    const state = { running: 0, most: 0 };
    const runner = startQueueRunner({
      root: process.cwd(),
      worker: { ...worker, localOverlap: 2 },
      queue,
      log,
      poll: true,
      invoke: async (_handler, event) => {
        state.most = Math.max(state.most, ++state.running);
        started.push(bodies(event));
        await new Promise<void>((r) => endings.push(r));
        state.running--;
        return { batchItemFailures: [] };
      },
    });
    return { runner, started, endings, state };
  }

  it("with localOverlap 2, hands the next delivery over while one is in the handler, never a third", async () => {
    await send(6);
    const { runner, started, endings, state } = overlappingRunner();
    expect(await until(async () => started.length === 2)).toBe(true);
    // The third delivery is received meanwhile (2 + 2 + 2 in flight) but waits for the oldest to end.
    expect(await until(async () => (await queue.stats()).inFlight === 6)).toBe(true);
    expect(started).toHaveLength(2);
    endings[0]!();
    expect(await until(async () => started.length === 3)).toBe(true);
    endings[1]!();
    endings[2]!();
    expect(await until(async () => (await queue.stats()).inFlight === 0)).toBe(true);
    await runner.stop();

    expect(started).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
    expect(state.most).toBe(2);
    expect(await queue.stats()).toMatchObject({ depth: 0, inFlight: 0 });
  });

  it("with localOverlap 2, hands a delivery that is not full over only once the one in the handler has ended", async () => {
    await send(3);
    const { runner, started, endings, state } = overlappingRunner();
    // [0, 1] in the handler, [2] received ahead (3 in flight), not handed over beside it: no backlog.
    expect(await until(async () => (await queue.stats()).inFlight === 3)).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(started).toEqual([[0, 1]]);
    endings[0]!();
    expect(await until(async () => started.length === 2)).toBe(true);
    endings[1]!();
    expect(await until(async () => (await queue.stats()).inFlight === 0)).toBe(true);
    await runner.stop();
    expect(started).toEqual([[0, 1], [2]]);
    expect(state.most).toBe(1);
  });

  it("with localOverlap 2, stops once both deliveries in the handler have ended, and gives back the one received ahead", async () => {
    await send(6);
    const { runner, started, endings } = overlappingRunner();
    expect(await until(async () => (await queue.stats()).inFlight === 6)).toBe(true);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    endings[0]!();
    await new Promise((r) => setTimeout(r, 100));
    expect(stopped).toBe(false);
    endings[1]!();
    await stopping;

    expect(started).toEqual([
      [0, 1],
      [2, 3],
    ]);
    // Both handled deliveries acknowledged; the third visible again at once.
    expect(await queue.stats()).toMatchObject({ depth: 2, inFlight: 0 });
    const again = await queue.receive({ max: 10 });
    expect(again.map((m) => JSON.parse(m.body))).toEqual([{ n: 4 }, { n: 5 }]);
  });

  it("gives back the delivery received ahead when it stops, visible again at once", async () => {
    await send(4);
    const handled: number[][] = [];
    let stopped: Promise<void> | undefined;
    let ahead = false;
    const runner = startQueueRunner({
      root: process.cwd(),
      worker,
      queue,
      log,
      poll: true,
      invoke: async (_handler, event) => {
        ahead = await until(async () => (await queue.stats()).inFlight === 4);
        handled.push(bodies(event));
        stopped = runner.stop();
        return { batchItemFailures: [] };
      },
    });

    await until(async () => stopped !== undefined);
    await stopped;

    expect(ahead).toBe(true);
    expect(handled).toEqual([[0, 1]]);
    expect(await queue.stats()).toMatchObject({ depth: 2, inFlight: 0 });
    const again = await queue.receive({ max: 10 });
    expect(again.map((m) => JSON.parse(m.body))).toEqual([{ n: 2 }, { n: 3 }]);
  });

  // The gathering window counts from the last delivery's start (docs/ingest.md, "Decisions": deliveries).
  /** A runner with up to 10 messages a delivery and the given window, recording each delivery's messages. */
  function windowedRunner(windowMs: number, whileHandling: (handled: number[][]) => Promise<void> = async () => {}) {
    const handled: number[][] = [];
    const runner = startQueueRunner({
      root: process.cwd(),
      worker: { ...worker, localBatchSize: 10, localBatchingWindowMs: windowMs },
      queue,
      log,
      poll: true,
      invoke: async (_handler, event) => {
        handled.push(bodies(event));
        await whileHandling(handled);
        return { batchItemFailures: [] };
      },
    });
    return { handled, runner };
  }

  it("hands a message that comes after a quiet spell to the worker at once, without waiting out the window", async () => {
    const { handled, runner } = windowedRunner(600_000);

    await send(1);
    // Far less than the ten-minute window: waiting it out would leave nothing handled here.
    expect(await until(async () => handled.length === 1)).toBe(true);
    await runner.stop();
    expect(handled).toEqual([[0]]);
  });

  it("under load, gathers what arrives during the window that a delivery's start opened into the next delivery", async () => {
    // Three messages one after another while the first delivery is handled: one delivery after it, not three.
    const { handled, runner } = windowedRunner(2_000, async (seen) => {
      if (seen.length === 1)
        for (const n of [1, 2, 3]) await queue.send([{ body: JSON.stringify({ n }), attributes: {} }]);
    });

    await send(1);
    await until(async () => handled.length === 2);
    await runner.stop();
    expect(handled).toEqual([[0], [1, 2, 3]]);
  });

  it("ends the window early once the queue is a whole delivery behind, and not before", async () => {
    // Twenty-one messages one after another while the first delivery is handled: the queue then holds this
    // delivery's rest and a whole one more, so two full deliveries go at once, long before the ten-minute window
    // ends; the twenty-first waits in the window the third delivery opened.
    const { handled, runner } = windowedRunner(600_000, async (seen) => {
      if (seen.length === 1)
        for (let n = 1; n <= 21; n++) await queue.send([{ body: JSON.stringify({ n }), attributes: {} }]);
    });

    await send(1);
    expect(await until(async () => handled.length === 3)).toBe(true);
    await runner.stop();
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    // (Stopping ends the last delivery's window too: the twenty-first is handled then, not left waiting.)
    expect(handled.slice(0, 3)).toEqual([[0], range(1, 10), range(11, 20)]);
  });

  it("keeps gathering while less than a whole delivery more is waiting", async () => {
    const { handled, runner } = windowedRunner(600_000, async (seen) => {
      if (seen.length === 1)
        for (let n = 1; n <= 11; n++) await queue.send([{ body: JSON.stringify({ n }), attributes: {} }]);
    });

    await send(1);
    expect(await until(async () => handled.length === 1 && (await queue.stats()).depth === 10)).toBe(true);
    // Ten of the eleven wait for the window (one was received to open it): well past the runner's 10 ms looks.
    await new Promise((r) => setTimeout(r, 300));
    expect(handled).toEqual([[0]]);
    await runner.stop();
  });
});
