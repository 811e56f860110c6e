import { spawn } from "node:child_process";
import { appendFile, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DurableLocalQueue } from "@core/adapters/local/durable-local-queue";
import { describe, expect, it } from "vitest";
import { queueScratch } from "../support/queue-scratch";

/* Receive counts and acknowledgements in a log's state file (docs/ingest.md, "Receives and acknowledgements"). */

const { open, tempDir } = queueScratch("state");

async function queueDir(): Promise<string> {
  return join(await tempDir(), "q");
}

async function openQueue(dir: string, dlq?: DurableLocalQueue) {
  const queue = await DurableLocalQueue.open({ dir, ...(dlq ? { deadLetter: dlq, maxReceiveCount: 2 } : {}) });
  open.push(queue);
  return queue;
}

async function closeAll() {
  for (const q of open.splice(0)) await q.close();
}

const files = async (dir: string) => (await readdir(join(dir, "messages"))).sort();
const logOf = async (dir: string) => (await files(dir)).find((n) => n.endsWith(".log"))!;

describe("DurableLocalQueue receive counts and acknowledgements", () => {
  it("writes them as lines of the log's state file, not as a file per message, and reads them back after a reopen", async () => {
    const dir = await queueDir();
    const queue = await openQueue(dir);
    await queue.send([{ body: "a" }, { body: "b" }, { body: "c" }]);
    const first = await queue.receive({ max: 10 });
    await queue.release(first[0]!.receipt, 0);
    const [again] = await queue.receive({ max: 10 });
    expect(again).toMatchObject({ body: "a", receiveCount: 2 });
    await Promise.all(first.slice(1).map((m) => queue.ack(m.receipt)));

    const log = await logOf(dir);
    expect(await files(dir)).toEqual([log, `${log}.state`]);
    const [a, b, c] = first.map((m) => m.id);
    expect((await readFile(join(dir, "messages", `${log}.state`), "utf8")).split("\n")).toEqual([
      `R ${a} 1`,
      `R ${b} 1`,
      `R ${c} 1`,
      `R ${a} 2`,
      // Acknowledged together: one write, in the order the acks were called.
      `A ${b}`,
      `A ${c}`,
      "",
    ]);

    await closeAll();
    const reopened = await openQueue(dir);
    const [left] = await reopened.receive({ max: 10 });
    expect(left).toMatchObject({ body: "a", receiveCount: 3 });
    await reopened.ack(left!.receipt);
    // The log takes no more commits after a reopen, so it goes with its state file once its last message is done.
    expect(await files(dir)).toEqual([]);
  });

  it("keeps a receive's counts when the receiver is killed with SIGKILL right after the messages are handed out", async () => {
    const dir = await queueDir();
    const queue = await openQueue(dir);
    await queue.send([{ body: "a" }, { body: "b" }]);
    await closeAll();

    const script = fileURLToPath(new URL("../support/queue-receive-and-die.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", script, dir], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on("exit", (_code, signal) => done(signal)));
    await new Promise<void>((received, failed) => {
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("\n")) received();
      });
      child.on("exit", () => failed(new Error(`child exited before receiving: ${stderr}`)));
    });
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    expect(out).toBe("received 2\n");

    const reopened = await openQueue(dir);
    const got = await reopened.receive({ max: 10 });
    expect(got.map((m) => [m.body, m.receiveCount])).toEqual([
      ["a", 2],
      ["b", 2],
    ]);
  });

  it("dead-letters a message once its counts in the state file reach the limit, across reopens", async () => {
    const dir = await queueDir();
    const dlqDir = `${dir}-dlq`;
    let dlq = await openQueue(dlqDir);
    let queue = await openQueue(dir, dlq);
    await queue.send([{ body: "poison" }]);
    for (let i = 0; i < 2; i++) {
      expect(await queue.receive({ max: 1 })).toHaveLength(1);
      // A crash before the ack: the next process sees the count this one wrote.
      await closeAll();
      dlq = await openQueue(dlqDir);
      queue = await openQueue(dir, dlq);
    }
    expect(await queue.receive({ max: 1 })).toEqual([]);
    expect(await dlq.receive({ max: 1 })).toMatchObject([{ body: "poison", receiveCount: 1 }]);
    await closeAll();
    await openQueue(dir);
    expect(await files(dir)).toEqual([]);
  });

  it("skips a line a crash cut short, and what a file system may leave after it, keeping every whole line", async () => {
    const dir = await queueDir();
    const queue = await openQueue(dir);
    await queue.send([{ body: "a" }, { body: "b" }]);
    const got = await queue.receive({ max: 10 });
    await closeAll();
    const state = join(dir, "messages", `${await logOf(dir)}.state`);
    await appendFile(state, `R ${got[0]!.id} 2\nA ${got[1]!.id}`);
    await appendFile(state, Buffer.alloc(64));

    const reopened = await openQueue(dir);
    expect((await reopened.receive({ max: 10 })).map((m) => [m.body, m.receiveCount])).toEqual([
      ["a", 3],
      ["b", 2],
    ]);
  });

  it("reads the receive and acknowledgement markers queues wrote before state files, and deletes them with the log", async () => {
    const dir = await queueDir();
    const queue = await openQueue(dir);
    await queue.send([{ body: "a" }, { body: "b" }, { body: "c" }]);
    const [a, b, c] = await queue.receive({ max: 10 });
    await closeAll();
    const messages = join(dir, "messages");
    // What an older queue wrote for the same receives: `a` received 4 times, `b` acknowledged.
    await writeFile(join(messages, `${a!.id}.4.rcv`), "");
    await writeFile(join(messages, `${b!.id}.ack`), "");
    // Markers and a state file of a log a crash deleted before them.
    await writeFile(join(messages, "0000000000002-000000000-0000cafe.3.rcv"), "");
    await writeFile(join(messages, "0000000000002-000000000-0000cafe.0000beef.log.state"), "A x\n");

    const reopened = await openQueue(dir);
    const log = await logOf(dir);
    expect(await files(dir)).toEqual([log, `${log}.state`, `${a!.id}.4.rcv`, `${b!.id}.ack`].sort());
    const got = await reopened.receive({ max: 10 });
    // The higher of the marker's count and the state file's.
    expect(got.map((m) => [m.id, m.receiveCount])).toEqual([
      [a!.id, 5],
      [c!.id, 2],
    ]);
    for (const m of got) await reopened.ack(m.receipt);
    expect(await files(dir)).toEqual([]);
  });
});
