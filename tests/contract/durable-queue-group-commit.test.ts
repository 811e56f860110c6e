import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeSynced } from "@core/adapters/local/durable-fs";
import { DurableLocalQueue } from "@core/adapters/local/durable-local-queue";
import { afterAll, afterEach, describe, expect, it } from "vitest";

/* Group commit of the local durable queue (docs/ingest.md, "Group commit"). */

const dirs: string[] = [];
const open: DurableLocalQueue[] = [];
afterEach(async () => {
  for (const q of open.splice(0)) await q.close();
});
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "sightline-group-"));
  dirs.push(dir);
  return dir;
}

/** A durable write that counts its calls (one file written and fsynced each) and can be held at the gate. */
function countingWrites() {
  const writes: string[] = [];
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
    async write(path: string, body: string) {
      writes.push(body);
      if (gate) await gate;
      await writeSynced(path, body);
    },
  };
}

async function openQueue(dir: string, writeDurably?: (path: string, body: string) => Promise<void>, dlq = false) {
  const deadLetter = dlq ? await DurableLocalQueue.open({ dir: join(dir, "dlq"), writeDurably }) : undefined;
  const queue = await DurableLocalQueue.open({
    dir: join(dir, "main"),
    writeDurably,
    ...(deadLetter ? { deadLetter, maxReceiveCount: 1 } : {}),
  });
  open.push(queue, ...(deadLetter ? [deadLetter] : []));
  return { queue, deadLetter };
}

const files = async (dir: string) => (await readdir(join(dir, "main", "messages"))).sort();

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
    await new Promise((r) => setTimeout(r, 50));

    // The first write is held: nobody has an answer, and the twenty later sends wait for the next write.
    expect(fs.writes).toHaveLength(1);
    expect(resolved).toEqual([]);
    fs.release();
    await Promise.all([first, ...others]);

    expect(fs.writes).toHaveLength(2);
    expect(JSON.parse(fs.writes[1]!)).toHaveLength(40);
    expect(resolved[0]).toBe("first");
    expect((await files(dir)).filter((n) => n.endsWith(".seg"))).toHaveLength(2);
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

  it("drops the markers a crash left behind: those of a deleted segment, and a receive marker beside an acknowledgement", async () => {
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
    expect((await files(dir)).filter((n) => !n.endsWith(".seg"))).toEqual([`${a!.id}.1.rcv`, `${a!.id}.ack`].sort());
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
    expect(await files(dir)).toEqual([]);
  });

  it("fails every send of a group whose write failed, stores none of it, and commits the next group", async () => {
    const dir = await tempDir();
    let fail = false;
    const { queue } = await openQueue(dir, async (path, body) => {
      if (fail) throw new Error("disk full");
      await writeSynced(path, body);
    });
    fail = true;
    const failed = await Promise.allSettled([queue.send([{ body: "x" }]), queue.send([{ body: "y" }])]);
    fail = false;
    await queue.send([{ body: "z" }]);

    expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect((failed[0] as PromiseRejectedResult).reason.message).toBe("disk full");
    expect((await queue.receive({ max: 10 })).map((m) => m.body)).toEqual(["z"]);
    expect((await files(dir)).some((n) => n.endsWith(".tmp"))).toBe(false);
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
    expect(await files(dir)).toEqual([]);
  });
});
