import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SqsJobQueue } from "@core/adapters/aws/sqs-job-queue";
import { DurableLocalQueue } from "@core/adapters/local/durable-local-queue";
import type { Clock } from "@core/platform/ports";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createQueuePair, type Fauxqs, startEmulator } from "../support/fauxqs";
import { describeJobQueue } from "./job-queue.contract";

const MAX_RECEIVE_COUNT = 2;
const dirs: string[] = [];
const open: DurableLocalQueue[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "sightline-queue-"));
  dirs.push(dir);
  return dir;
}

/** Opens a tracked queue (closed after each test) over `dir`, with a DLQ in `dir/dlq`. */
async function openLocal(dir: string, clock?: Clock) {
  const deadLetter = await DurableLocalQueue.open({ dir: join(dir, "dlq"), clock });
  const queue = await DurableLocalQueue.open({
    dir: join(dir, "main"),
    maxReceiveCount: MAX_RECEIVE_COUNT,
    deadLetter,
    clock,
  });
  open.push(queue, deadLetter);
  return { queue, deadLetter };
}

async function closeAll() {
  for (const q of open.splice(0)) await q.close();
}

afterEach(closeAll);
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describeJobQueue("DurableLocalQueue", async () => ({
  ...(await openLocal(await tempDir())),
  maxReceiveCount: MAX_RECEIVE_COUNT,
}));

let emulator: Fauxqs;
let queues = 0;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator?.stop();
});

describeJobQueue("SqsJobQueue (fauxqs)", async () => {
  const { queueUrl, dlqUrl } = await createQueuePair(emulator, `jobs-${++queues}`, MAX_RECEIVE_COUNT);
  return {
    queue: new SqsJobQueue({
      queueUrl,
      region: "us-east-1",
      endpoint: emulator.endpoint,
      credentials: { accessKeyId: "t", secretAccessKey: "t" },
    }),
    deadLetter: new SqsJobQueue({
      queueUrl: dlqUrl,
      region: "us-east-1",
      endpoint: emulator.endpoint,
      credentials: { accessKeyId: "t", secretAccessKey: "t" },
    }),
    maxReceiveCount: MAX_RECEIVE_COUNT,
  };
});

describe("SqsJobQueue over SQS's JSON protocol", () => {
  it("names SQS's error code and message when the queue refuses the call", async () => {
    const queue = new SqsJobQueue({
      queueUrl: `${emulator.endpoint}/000000000000/no-such-queue`,
      region: "us-east-1",
      endpoint: emulator.endpoint,
      credentials: { accessKeyId: "t", secretAccessKey: "t" },
    });
    const refused = await queue.send([{ body: "x" }]).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(refused?.name).toBe("QueueDoesNotExist");
    expect(refused?.message).toMatch(/^sqs SendMessageBatch failed with 400 QueueDoesNotExist/);
  });
});

function fakeClock(start = Date.UTC(2030, 0, 1)) {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

describe("DurableLocalQueue", () => {
  it("keeps unacked messages and their receive counts across a reopen", async () => {
    const dir = await tempDir();
    const first = await openLocal(dir);
    await first.queue.send([{ body: "a" }, { body: "b" }, { body: "c" }]);
    const [a, b] = await first.queue.receive({ max: 2 });
    await first.queue.ack(b!.receipt);
    await closeAll();

    const { queue } = await openLocal(dir);

    const got = await queue.receive({ max: 10 });
    expect(got.map((m) => [m.body, m.receiveCount])).toEqual([
      ["a", 2],
      ["c", 1],
    ]);
    expect(got[0]?.id).toBe(a?.id);
  });

  it("makes in-flight messages visible again after a reopen", async () => {
    const dir = await tempDir();
    const first = await openLocal(dir);
    await first.queue.send([{ body: "in flight" }]);
    await first.queue.receive({ max: 1, visibilitySeconds: 3600 });
    expect(await first.queue.stats()).toMatchObject({ depth: 0, inFlight: 1 });
    await closeAll();

    const { queue } = await openLocal(dir);

    expect(await queue.stats()).toMatchObject({ depth: 1, inFlight: 0 });
    expect((await queue.receive({ max: 1 }))[0]?.body).toBe("in flight");
  });

  it("keeps a message whose sender was killed with SIGKILL right after send resolved", async () => {
    const dir = await tempDir();
    const script = fileURLToPath(new URL("../support/queue-send-and-die.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", script, join(dir, "main"), "survivor"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on("exit", (_code, signal) => done(signal)));

    await new Promise<void>((sent, failed) => {
      child.stdout.on("data", (d: Buffer) => d.toString().includes("sent") && sent());
      child.on("exit", () => failed(new Error(`child exited before sending: ${stderr}`)));
    });
    child.kill("SIGKILL");

    expect(await exited).toBe("SIGKILL");
    const { queue } = await openLocal(dir);
    const [m] = await queue.receive({ max: 1 });
    expect(m).toMatchObject({ body: "survivor", attributes: { from: "child" }, receiveCount: 1 });
  });

  it("wakes a long poll as soon as a send lands in the same process", async () => {
    const { queue } = await openLocal(await tempDir());
    const started = Date.now();
    const polling = queue.receive({ max: 1, waitSeconds: 20 });

    await queue.send([{ body: "now" }]);

    expect((await polling)[0]?.body).toBe("now");
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("ends a pending long poll with an empty list on close", async () => {
    const { queue } = await openLocal(await tempDir());
    const polling = queue.receive({ max: 1, waitSeconds: 20 });

    await queue.close();

    expect(await polling).toEqual([]);
    await expect(queue.send([{ body: "x" }])).rejects.toThrow(/closed/);
  });

  it("hands messages out in send order", async () => {
    const { queue } = await openLocal(await tempDir());
    for (const body of ["1", "2", "3", "4", "5"]) await queue.send([{ body }]);

    const got = await queue.receive({ max: 5 });

    expect(got.map((m) => m.body)).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("follows the injected clock for visibility, and ignores a stale receipt", async () => {
    const clock = fakeClock();
    const { queue } = await openLocal(await tempDir(), clock);
    await queue.send([{ body: "x" }]);
    const [first] = await queue.receive({ max: 1, visibilitySeconds: 30 });

    clock.advance(29);
    const early = await queue.receive({ max: 1 });
    clock.advance(2);
    const [second] = await queue.receive({ max: 1, visibilitySeconds: 30 });
    await queue.ack(first!.receipt);
    await queue.release(first!.receipt, 0);

    expect(early).toEqual([]);
    expect(second?.receiveCount).toBe(2);
    expect(second?.sentAt).toEqual(new Date(Date.UTC(2030, 0, 1)));
    expect(await queue.stats()).toMatchObject({ depth: 0, inFlight: 1 });
    await queue.ack(second!.receipt);
    expect(await queue.stats()).toMatchObject({ depth: 0, inFlight: 0 });
  });

  it("reports the age of the oldest message by the injected clock, and null when empty", async () => {
    const clock = fakeClock();
    const { queue } = await openLocal(await tempDir(), clock);
    expect((await queue.stats()).oldestAgeSeconds).toBeNull();
    await queue.send([{ body: "a" }]);
    clock.advance(12);
    await queue.send([{ body: "b" }]);

    expect((await queue.stats()).oldestAgeSeconds).toBe(12);
  });

  it("dead-letters with id, body, attributes and sentAt kept, and a fresh receive count", async () => {
    const clock = fakeClock();
    const { queue, deadLetter } = await openLocal(await tempDir(), clock);
    await queue.send([{ body: "poison", attributes: { k: "v" } }]);
    let id: string | undefined;
    for (let i = 0; i < MAX_RECEIVE_COUNT; i++) {
      const [m] = await queue.receive({ max: 1 });
      id = m?.id;
      await queue.release(m!.receipt, 0);
    }

    const delivered = await queue.receive({ max: 1 });

    const [dead] = await deadLetter.receive({ max: 1 });
    expect(delivered).toEqual([]);
    expect(dead).toMatchObject({
      id,
      body: "poison",
      attributes: { k: "v" },
      receiveCount: 1,
      sentAt: new Date(Date.UTC(2030, 0, 1)),
    });
  });

  it("has no receive limit without a dead-letter queue", async () => {
    const queue = await DurableLocalQueue.open({ dir: await tempDir(), maxReceiveCount: 1 });
    open.push(queue);
    await queue.send([{ body: "x" }]);

    for (let i = 0; i < 3; i++) await queue.release((await queue.receive({ max: 1 }))[0]!.receipt, 0);

    expect((await queue.receive({ max: 1 }))[0]?.receiveCount).toBe(4);
  });

  it("refuses a second instance over the same directory while the first is open", async () => {
    const dir = await tempDir();
    const first = await DurableLocalQueue.open({ dir });
    open.push(first);

    await expect(DurableLocalQueue.open({ dir })).rejects.toThrow(/already open/);
    await first.close();
    const second = await DurableLocalQueue.open({ dir });
    open.push(second);
  });

  it("drops the temp file of a send that never resolved", async () => {
    const dir = await tempDir();
    const first = await openLocal(dir);
    await first.queue.send([{ body: "kept" }]);
    await closeAll();
    await writeFile(join(dir, "main", "messages", "0000000000001-000000000-deadbeef.tmp"), '{"id":"half');

    const { queue } = await openLocal(dir);

    expect((await queue.receive({ max: 10 })).map((m) => m.body)).toEqual(["kept"]);
    expect((await readdir(join(dir, "main", "messages"))).some((n) => n.endsWith(".tmp"))).toBe(false);
  });

  it("handles thousands of messages, across a reopen", async () => {
    const dir = await tempDir();
    const first = await openLocal(dir);
    await first.queue.send(Array.from({ length: 3000 }, (_, i) => ({ body: `m${i}` })));
    await closeAll();

    const { queue } = await openLocal(dir);
    expect(await queue.stats()).toMatchObject({ depth: 3000, inFlight: 0 });
    const bodies: string[] = [];
    for (let got = await queue.receive({ max: 500 }); got.length > 0; got = await queue.receive({ max: 500 })) {
      bodies.push(...got.map((m) => m.body));
      for (const m of got) await queue.ack(m.receipt);
    }

    expect(bodies).toEqual(Array.from({ length: 3000 }, (_, i) => `m${i}`));
  });
});
