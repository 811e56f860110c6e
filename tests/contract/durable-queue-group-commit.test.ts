import { spawn } from "node:child_process";
import { appendFile, type FileHandle, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DurableLocalQueue } from "@core/adapters/local/durable-local-queue";
import { appendSynced, readLogRecords } from "@core/adapters/local/queue-log";
import { decodeLog, decodeSegment, encodeFrame, encodeSegment, LOG_HEADER } from "@core/adapters/local/queue-segment";
import { describe, expect, it, vi } from "vitest";
import { queueScratch } from "../support/queue-scratch";

/* Group commit of the local durable queue (docs/ingest.md, "Group commit"). */

const { open, tempDir } = queueScratch("group");

/** A durable append that counts its calls (one frame written and synced each) and can be held at the gate. */
function countingWrites() {
  const writes: Buffer[] = [];
  let gate: Promise<void> | null = null;
  let open = () => {};
  return {
    writes,
    hold() {
      gate = new Promise((r) => (open = r));
    },
    release() {
      gate = null;
      open();
    },
    async write(log: FileHandle, frame: Buffer) {
      writes.push(frame);
      if (gate) await gate;
      await appendSynced(log, frame);
    },
  };
}

async function openQueue(dir: string, appendDurably?: (log: FileHandle, frame: Buffer) => Promise<void>, dlq = false) {
  const deadLetter = dlq ? await DurableLocalQueue.open({ dir: join(dir, "dlq"), appendDurably }) : undefined;
  const queue = await DurableLocalQueue.open({
    dir: join(dir, "main"),
    appendDurably,
    ...(deadLetter ? { deadLetter, maxReceiveCount: 1 } : {}),
  });
  open.push(queue, ...(deadLetter ? [deadLetter] : []));
  return { queue, deadLetter };
}

const files = async (dir: string) => (await readdir(join(dir, "main", "messages"))).sort();
/** Closes the queues and opens the main one again: a log no message is left in is deleted then. */
async function reopen(dir: string) {
  for (const q of open.splice(0)) await q.close();
  return (await openQueue(dir)).queue;
}

describe("DurableLocalQueue group commit", () => {
  it("writes and fsyncs the sends that arrive during a write together, and answers each only once its write is durable", async () => {
    const dir = await tempDir();
    const fs = countingWrites();
    const { queue } = await openQueue(dir, fs.write);
    fs.hold();
    const resolved: string[] = [];
    const first = queue.send([{ body: "first" }]).then(() => resolved.push("first"));
    const others = Array.from({ length: 20 }, (_, i) =>
      queue.send([{ body: `b${i}` }, { body: `c${i}` }]).then(() => resolved.push(`b${i}`)),
    );
    try {
      // The first write starts once its log is open (a file system call, slow on a loaded machine): wait for it, not
      // for a fixed time.
      await vi.waitFor(() => expect(fs.writes).toHaveLength(1), { timeout: 30_000 });
      await new Promise((r) => setTimeout(r, 20));

      // The first write is held: nobody has an answer, and the twenty later sends wait for the next write.
      expect(fs.writes).toHaveLength(1);
      expect(resolved).toEqual([]);
    } finally {
      // Never leave the gate shut: the queue's close waits for the held write.
      fs.release();
    }
    await Promise.all([first, ...others]);

    expect(fs.writes).toHaveLength(2);
    expect(decodeLog(Buffer.concat([LOG_HEADER, fs.writes[1]!]), "second")).toHaveLength(40);
    expect(resolved[0]).toBe("first");
    // Both commits went to one log: no file is created per commit.
    expect((await files(dir)).filter((n) => n.endsWith(".log"))).toHaveLength(1);
  });

  it("hands messages out in the order their sends were called, within and across group commits, and after a reopen", async () => {
    const dir = await tempDir();
    const fs = countingWrites();
    const first = await openQueue(dir, fs.write);
    const bodies = Array.from({ length: 100 }, (_, i) => String(i));
    await Promise.all(bodies.map((body) => first.queue.send([{ body }])));
    expect(fs.writes.length).toBeLessThan(bodies.length);
    const [head] = await first.queue.receive({ max: 1 });
    expect(head?.body).toBe("0");
    for (const q of open.splice(0)) await q.close();

    const { queue } = await openQueue(dir);
    const got = await queue.receive({ max: 100 });

    expect(got.map((m) => m.body)).toEqual(bodies);
    expect(got.map((m) => m.receiveCount)).toEqual(bodies.map((b) => (b === "0" ? 2 : 1)));
  });

  it("keeps every message whose send resolved when the sender is killed with SIGKILL mid-stream", async () => {
    const dir = await tempDir();
    const script = fileURLToPath(new URL("../support/queue-send-many-and-die.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", script, join(dir, "main")], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on("exit", (_code, signal) => done(signal)));
    await new Promise<void>((enough, failed) => {
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.split("\n").length > 500) enough();
      });
      child.on("exit", () => failed(new Error(`child exited before sending: ${stderr}`)));
    });
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    const acknowledged = [...out.matchAll(/^sent (\d+)$/gm)].map((m) => m[1]);

    const { queue } = await openQueue(dir);
    const stored = (await queue.receive({ max: 100_000 })).map((m) => m.body);

    expect(acknowledged.length).toBeGreaterThanOrEqual(500);
    expect(stored.filter((b) => acknowledged.includes(b)).sort()).toEqual([...acknowledged].sort());
    expect(new Set(stored).size).toBe(stored.length);
  });

  it("keeps receive counts and acknowledgements of messages sharing a segment across a reopen, and deletes the segment with its markers once all are acknowledged", async () => {
    const dir = await tempDir();
    const first = await openQueue(dir);
    await first.queue.send([{ body: "a" }, { body: "b" }, { body: "c" }]);
    const received = await first.queue.receive({ max: 2 });
    await first.queue.ack(received[1]!.receipt);
    for (const q of open.splice(0)) await q.close();

    const { queue } = await openQueue(dir);
    const again = await queue.receive({ max: 10 });
    expect(again.map((m) => [m.body, m.receiveCount])).toEqual([
      ["a", 2],
      ["c", 1],
    ]);
    for (const m of again) await queue.ack(m.receipt);

    expect(await files(dir)).toEqual([]);
    expect(await queue.stats()).toMatchObject({ depth: 0, inFlight: 0 });
  });

  it("drops the markers a crash left behind (those of a deleted segment) and keeps a live log's until the log goes", async () => {
    const dir = await tempDir();
    const first = await openQueue(dir);
    await first.queue.send([{ body: "a" }, { body: "b" }]);
    const [a] = await first.queue.receive({ max: 1 });
    await first.queue.ack(a!.receipt);
    for (const q of open.splice(0)) await q.close();
    const messages = join(dir, "main", "messages");
    await writeFile(join(messages, `${a!.id}.1.rcv`), "");
    await writeFile(join(messages, "0000000000002-000000000-0000cafe.3.rcv"), "");
    await writeFile(join(messages, "0000000000002-000000001-0000cafe.ack"), "");

    const { queue } = await openQueue(dir);
    // `a` is acknowledged in the log's state file; its marker, as queues wrote them, goes with the log.
    const [log] = (await files(dir)).filter((n) => n.endsWith(".log"));
    expect((await files(dir)).filter((n) => !n.endsWith(".log"))).toEqual([`${a!.id}.1.rcv`, `${log}.state`].sort());
    const [b] = await queue.receive({ max: 10 });
    expect(b?.body).toBe("b");
    await queue.ack(b!.receipt);
    expect(await files(dir)).toEqual([]);
  });

  it("dead-letters one message of a segment and keeps the others", async () => {
    const dir = await tempDir();
    const { queue, deadLetter } = await openQueue(dir, undefined, true);
    await queue.send([{ body: "poison", attributes: { k: "v" } }, { body: "fine" }]);
    const [poison, fine] = await queue.receive({ max: 2 });
    await queue.release(poison!.receipt, 0);

    expect(await queue.receive({ max: 10 })).toEqual([]);
    const [dead] = await deadLetter!.receive({ max: 1 });
    expect(dead).toMatchObject({ id: poison!.id, body: "poison", attributes: { k: "v" }, receiveCount: 1 });
    await queue.ack(fine!.receipt);
    await reopen(dir);
    expect(await files(dir)).toEqual([]);
  });

  it("fails every send of a group whose write failed, stores none of it, and commits the next group", async () => {
    const dir = await tempDir();
    let fail = false;
    const { queue } = await openQueue(dir, async (log, frame) => {
      if (fail) throw new Error("disk full");
      await appendSynced(log, frame);
    });
    fail = true;
    const failed = await Promise.allSettled([queue.send([{ body: "x" }]), queue.send([{ body: "y" }])]);
    fail = false;
    await queue.send([{ body: "z" }]);

    expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect((failed[0] as PromiseRejectedResult).reason.message).toBe("disk full");
    expect((await queue.receive({ max: 10 })).map((m) => m.body)).toEqual(["z"]);
    expect((await (await reopen(dir)).receive({ max: 10 })).map((m) => m.body)).toEqual(["z"]);
  });

  it("still reads, receives and acknowledges a message in a file of its own, as queues wrote them before segments", async () => {
    const dir = await tempDir();
    await (await openQueue(dir)).queue.close();
    open.splice(0);
    const id = "0000000000001-000000000-0000beef";
    await writeFile(
      join(dir, "main", "messages", `${id}.0.json`),
      JSON.stringify({ id, body: "old", attributes: {}, sentAt: new Date(1).toISOString() }),
    );

    const { queue } = await openQueue(dir);
    await queue.send([{ body: "new" }]);
    const got = await queue.receive({ max: 10 });
    expect(got.map((m) => [m.body, m.receiveCount])).toEqual([
      ["old", 1],
      ["new", 1],
    ]);
    for (const m of got) await queue.ack(m.receipt);
    await reopen(dir);
    expect(await files(dir)).toEqual([]);
  });

  it("stores each body as it was sent, not encoded again, and hands it back byte for byte", async () => {
    const dir = await tempDir();
    const fs = countingWrites();
    const { queue } = await openQueue(dir, fs.write);
    const batch = JSON.stringify({ batch: [{ id: "e1", body: { input: 'say "hi"\nthen\\ leave', emoji: "é 🙂" } }] });
    const bodies = [batch, "plain text\nwith a newline", "", "{"];
    await queue.send(bodies.map((body) => ({ body, attributes: { kind: "k" } })));

    expect(fs.writes).toHaveLength(1);
    // The batch's JSON appears verbatim: no quote of it escaped a second time.
    expect(fs.writes[0]!.toString("utf8")).toContain(`\n${batch}\n`);
    await queue.close();
    open.splice(0);
    const reopened = (await openQueue(dir)).queue;
    const got = await reopened.receive({ max: 10 });
    expect(got.map((m) => [m.body, m.attributes])).toEqual(bodies.map((body) => [body, { kind: "k" }]));
  });

  it("still reads a segment written as a JSON array, as the queue wrote them before", async () => {
    const dir = await tempDir();
    await (await openQueue(dir)).queue.close();
    open.splice(0);
    const ids = ["0000000000001-000000000-0000beef", "0000000000001-000000001-0000beef"];
    await writeFile(
      join(dir, "main", "messages", `${ids[0]}.0badcafe.seg`),
      JSON.stringify(ids.map((id, i) => ({ id, body: `old ${i}`, attributes: {}, sentAt: new Date(1).toISOString() }))),
    );

    const { queue } = await openQueue(dir);
    await queue.send([{ body: "new" }]);
    const got = await queue.receive({ max: 10 });
    expect(got.map((m) => m.body)).toEqual(["old 0", "old 1", "new"]);
    for (const m of got) await queue.ack(m.receipt);
    await reopen(dir);
    expect(await files(dir)).toEqual([]);
  });

  it("still reads a segment of one group commit, as the queue wrote them before logs, beside its log", async () => {
    const dir = await tempDir();
    await (await openQueue(dir)).queue.close();
    open.splice(0);
    const ids = ["0000000000001-000000000-0000beef", "0000000000001-000000001-0000beef"];
    const records = ids.map((id, i) => ({
      id,
      body: `{"old":${i}}`,
      attributes: { k: "v" },
      sentAt: new Date(1).toISOString(),
    }));
    await writeFile(join(dir, "main", "messages", `${ids[0]}.0badcafe.seg`), encodeSegment(records));

    const { queue } = await openQueue(dir);
    await queue.send([{ body: "new" }]);
    const got = await queue.receive({ max: 10 });
    expect(got.map((m) => [m.body, m.attributes])).toEqual([
      ['{"old":0}', { k: "v" }],
      ['{"old":1}', { k: "v" }],
      ["new", {}],
    ]);
    for (const m of got) await queue.ack(m.receipt);
    expect((await files(dir)).filter((n) => n.endsWith(".seg"))).toEqual([]);
  });

  it("refuses a segment whose body is cut short rather than hand out part of a message", () => {
    const whole = Buffer.from('SLQ2\n{"id":"a","attributes":{},"sentAt":"x","bytes":5}\nhello\n');
    expect(decodeSegment(whole, "s")).toEqual([{ id: "a", attributes: {}, sentAt: "x", body: "hello" }]);
    expect(() => decodeSegment(whole.subarray(0, whole.length - 3), "s")).toThrow(
      "DurableLocalQueue: segment s is malformed",
    );
    expect(() => decodeSegment(Buffer.from('SLQ2\n{"id":"a"'), "s")).toThrow(
      "DurableLocalQueue: segment s is truncated",
    );
  });

  it("reads records back in the order asked, whether they lie together, apart or out of order in the log", async () => {
    const dir = await tempDir();
    const { queue } = await openQueue(dir);
    // Three commits: records of one commit lie together, a frame header lies between commits, and a 10 KB body puts
    // the last commit past the gap that is read through.
    await queue.send([{ body: "a" }, { body: "b" }]);
    await queue.send([{ body: "x".repeat(10_000) }]);
    await queue.send([{ body: "c" }]);
    for (const q of open.splice(0)) await q.close();
    const [log] = (await files(dir)).filter((n) => n.endsWith(".log"));
    const path = join(dir, "main", "messages", log!);
    const records = decodeLog(await readFile(path), log!);
    const [a, b, x, c] = records;
    const asked = [c!, a!, x!, b!];
    const read = await readLogRecords(
      path,
      log!,
      asked.map((r) => r.span),
    );
    expect(read.map((r) => r.id)).toEqual(asked.map((r) => r.id));
    expect(read.map((r) => r.body.slice(0, 3))).toEqual(["c", "a", "xxx", "b"]);
  });

  it("drops a last frame a crash cut short, whole, and keeps every frame before it", async () => {
    const dir = await tempDir();
    const { queue } = await openQueue(dir);
    await queue.send([{ body: "a" }]);
    await queue.send([{ body: "b" }, { body: "c" }]);
    for (const q of open.splice(0)) await q.close();
    const [log] = (await files(dir)).filter((n) => n.endsWith(".log"));
    const path = join(dir, "main", "messages", log!);
    // A commit of two messages a crash interrupted: its first message whole on disk, the second not.
    const { frame } = encodeFrame([
      { id: "9999999999999-000000000-0000beef", body: "torn 1", attributes: {}, sentAt: "x" },
      { id: "9999999999999-000000001-0000beef", body: "torn 2", attributes: {}, sentAt: "x" },
    ]);
    await appendFile(path, frame.subarray(0, frame.length - 4));

    const reopened = (await openQueue(dir)).queue;
    expect((await reopened.receive({ max: 10 })).map((m) => m.body)).toEqual(["a", "b", "c"]);
  });

  it("starts a new log after a failed append, so the part of the frame it left is never read as a commit", async () => {
    const dir = await tempDir();
    let tear = false;
    const { queue } = await openQueue(dir, async (log, frame) => {
      if (!tear) return appendSynced(log, frame);
      await log.write(frame.subarray(0, 10));
      throw new Error("disk full");
    });
    await queue.send([{ body: "a" }]);
    tear = true;
    await expect(queue.send([{ body: "lost" }])).rejects.toThrow("disk full");
    tear = false;
    await queue.send([{ body: "b" }]);

    expect((await files(dir)).filter((n) => n.endsWith(".log"))).toHaveLength(2);
    expect((await (await reopen(dir)).receive({ max: 10 })).map((m) => m.body)).toEqual(["a", "b"]);
  });

  it("refuses a log damaged before its end rather than skip the commits after the damage", async () => {
    const one = encodeFrame([{ id: "a", body: "one", attributes: {}, sentAt: "x" }]).frame;
    const two = encodeFrame([{ id: "b", body: "two", attributes: {}, sentAt: "x" }]).frame;
    const log = Buffer.concat([LOG_HEADER, one, two]);
    expect(decodeLog(log, "l").map((r) => r.body)).toEqual(["one", "two"]);
    const damaged = Buffer.from(log);
    const at = LOG_HEADER.length + one.length - 2;
    damaged[at] = damaged[at]! ^ 1;
    expect(() => decodeLog(damaged, "l")).toThrow("DurableLocalQueue: log l is malformed");
    // The same damage in the last frame is a commit cut short: dropped.
    expect(
      decodeLog(Buffer.concat([LOG_HEADER, one, two.subarray(0, two.length - 1)]), "l").map((r) => r.body),
    ).toEqual(["one"]);
    expect(decodeLog(LOG_HEADER.subarray(0, 3), "l")).toEqual([]);
  });

  it("keeps the log a drained queue commits to, and reads every message back from it after a reopen", async () => {
    const dir = await tempDir();
    const { queue } = await openQueue(dir);
    for (const body of ["a", "b", "c"]) {
      await queue.send([{ body }]);
      const [m] = await queue.receive({ max: 1 });
      await queue.ack(m!.receipt);
    }
    await queue.send([{ body: "d" }]);

    const logs = (await files(dir)).filter((n) => n.endsWith(".log"));
    expect(logs).toHaveLength(1);
    expect(decodeLog(await readFile(join(dir, "main", "messages", logs[0]!)), "l").map((r) => r.body)).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
    expect((await (await reopen(dir)).receive({ max: 10 })).map((m) => m.body)).toEqual(["d"]);
  });

  it("keeps a commit under way in the log when the log's last message is acknowledged meanwhile", async () => {
    const dir = await tempDir();
    const fs = countingWrites();
    const { queue } = await openQueue(dir, fs.write);
    // Past the size at which a drained log is sealed.
    await queue.send([{ body: "x".repeat(1_100_000) }]);
    const [big] = await queue.receive({ max: 1 });
    fs.hold();
    const sent = queue.send([{ body: "during" }]);
    try {
      // The commit is under way (its write held at the gate) when the log's last message is acknowledged.
      await vi.waitFor(() => expect(fs.writes).toHaveLength(2), { timeout: 30_000 });
      await queue.ack(big!.receipt);
    } finally {
      fs.release();
    }
    await sent;

    expect((await queue.receive({ max: 10 })).map((m) => m.body)).toEqual(["during"]);
    expect((await (await reopen(dir)).receive({ max: 10 })).map((m) => m.body)).toEqual(["during"]);
  });
});
