import { randomBytes } from "node:crypto";
import { readdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Clock, JobQueue, OutgoingMessage, QueueStats, ReceivedMessage } from "../../platform/ports";
import { systemClock } from "../system/system-clock";
import { ensureDir, syncDir, writeSynced } from "./fs-blob-store";

export interface DurableLocalQueueOptions {
  dir: string;
  /** Receives allowed before a message moves to `deadLetter`; required with it. */
  maxReceiveCount?: number;
  deadLetter?: DurableLocalQueue;
  clock?: Clock;
}

/** In-memory view of one message file; the body stays on disk until received. */
interface Entry {
  id: string;
  /** Receives so far; mirrors the count in the file name. */
  count: number;
  /** Epoch ms from which it may be received; visibility is not persisted. */
  visibleAt: number;
  /** Token of the latest receive, for ack and release. */
  receipt?: string;
  /** File I/O in progress: hidden from receive, ack and release. */
  busy: boolean;
}

interface StoredMessage {
  id: string;
  body: string;
  attributes: Record<string, string>;
  sentAt: string;
}

/** `<send time ms>-<sequence>-<random>`: names sort in send order, so open needs no file reads. */
const FILE_NAME = /^(\d{13}-\d{9}-[0-9a-f]{8})\.(\d+)\.json$/;
const DEFAULT_VISIBILITY_SECONDS = 30;
/** Files written concurrently by one send, to stay far from the open-file limit. */
const WRITE_CONCURRENCY = 32;
/** Directories open in this process; a second instance would hand out the same messages. */
const openDirs = new Set<string>();

/**
 * A durable, single-process stand-in for SQS. Each message is one JSON file in
 * `<dir>/messages`, named `<id>.<receiveCount>.json`, written to a temp file,
 * fsynced, renamed into place and the directory fsynced before `send` resolves,
 * so an accepted message survives kill -9. A receive renames the file to the next
 * count (and fsyncs the directory) before handing the message out; `ack` deletes
 * it. Visibility lives in memory only, so after a restart every message is
 * visible again. `<dir>/lock` holds the owner's pid against a second process.
 */
export class DurableLocalQueue implements JobQueue {
  private readonly messagesDir: string;
  private readonly entries = new Map<string, Entry>();
  private readonly waiters = new Set<() => void>();
  private readonly pending = new Set<Promise<unknown>>();
  private sequence = 0;
  private closed = false;

  private constructor(
    private readonly dir: string,
    private readonly limit: number | undefined,
    private readonly deadLetter: DurableLocalQueue | undefined,
    private readonly clock: Clock,
  ) {
    this.messagesDir = join(dir, "messages");
  }

  /** Opens (creating if needed) the queue in `options.dir` and indexes the messages there. */
  static async open(options: DurableLocalQueueOptions): Promise<DurableLocalQueue> {
    const { maxReceiveCount, deadLetter } = options;
    if (deadLetter && maxReceiveCount === undefined) {
      throw new Error("DurableLocalQueue: deadLetter needs maxReceiveCount");
    }
    if (maxReceiveCount !== undefined && !(Number.isInteger(maxReceiveCount) && maxReceiveCount >= 1)) {
      throw new Error(`DurableLocalQueue: invalid maxReceiveCount ${maxReceiveCount}`);
    }
    const dir = resolve(options.dir);
    // Without a dead-letter queue there is nowhere to move a message, so no limit applies.
    const limit = deadLetter ? maxReceiveCount : undefined;
    const queue = new DurableLocalQueue(dir, limit, deadLetter, options.clock ?? systemClock);
    await ensureDir(queue.messagesDir);
    await acquireLock(dir);
    try {
      await queue.load();
    } catch (e) {
      await releaseLock(dir);
      throw e;
    }
    return queue;
  }

  send(messages: OutgoingMessage[]): Promise<void> {
    return this.track(async () => {
      const now = this.clock.now();
      const records = messages.map((m) => ({ id: this.newId(now), body: m.body, attributes: { ...m.attributes }, sentAt: now.toISOString() }));
      await this.enqueue(records);
    });
  }

  receive(options: { max: number; visibilitySeconds?: number; waitSeconds?: number }): Promise<ReceivedMessage[]> {
    return this.track(async () => {
      // Waiting is real time even with an injected clock: it only bounds how long we block.
      const deadline = Date.now() + (options.waitSeconds ?? 0) * 1000;
      for (;;) {
        const got = await this.take(options.max, options.visibilitySeconds ?? DEFAULT_VISIBILITY_SECONDS);
        const remaining = deadline - Date.now();
        if (got.length > 0 || remaining <= 0) return got;
        await this.waitForWork(remaining);
        if (this.closed) return [];
      }
    });
  }

  /** Deletes the message. A stale receipt (the message was received again since) is ignored, as SQS may. */
  ack(receipt: string): Promise<void> {
    return this.track(async () => {
      const entry = this.held(receipt);
      if (!entry) return;
      entry.busy = true;
      try {
        await unlink(this.fileOf(entry.id, entry.count));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "ENOENT") {
          entry.busy = false;
          throw e;
        }
      }
      // No directory fsync: if the unlink is lost in a crash the message is redelivered (at-least-once).
      this.entries.delete(entry.id);
    });
  }

  /** Makes the message visible after `delaySeconds`; a stale receipt is ignored. */
  release(receipt: string, delaySeconds: number): Promise<void> {
    return this.track(async () => {
      const entry = this.held(receipt);
      if (!entry) return;
      entry.visibleAt = this.clock.now().getTime() + Math.max(0, delaySeconds) * 1000;
      this.wake();
    });
  }

  async stats(): Promise<QueueStats> {
    const now = this.clock.now().getTime();
    let depth = 0;
    for (const e of this.entries.values()) if (!e.busy && e.visibleAt <= now) depth++;
    return { depth, inFlight: this.entries.size - depth };
  }

  /** Waits for operations under way, wakes long polls (they return empty) and frees the directory. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wake();
    await Promise.allSettled([...this.pending]);
    await releaseLock(this.dir);
  }

  /** Persists records (durably) and indexes them; ids already present are skipped, so a redrive repeated after a crash does not duplicate. */
  private async enqueue(records: StoredMessage[]): Promise<void> {
    this.assertOpen();
    const fresh = records.filter((r) => !this.entries.has(r.id));
    const results: PromiseSettledResult<void>[] = [];
    for (let i = 0; i < fresh.length; i += WRITE_CONCURRENCY) {
      results.push(...(await Promise.allSettled(fresh.slice(i, i + WRITE_CONCURRENCY).map((r) => this.writeMessage(r)))));
    }
    const failure = results.find((r) => r.status === "rejected");
    try {
      if (failure) throw failure.reason;
      if (fresh.length > 0) await syncDir(this.messagesDir);
    } catch (e) {
      // All or nothing, so that the caller's retry does not duplicate the part that made it.
      await Promise.allSettled(fresh.flatMap((r) => [unlink(this.tempOf(r.id)), unlink(this.fileOf(r.id, 0))]));
      throw e;
    }
    for (const r of fresh) this.entries.set(r.id, { id: r.id, count: 0, visibleAt: 0, busy: false });
    this.wake();
  }

  private async writeMessage(record: StoredMessage): Promise<void> {
    await writeSynced(this.tempOf(record.id), JSON.stringify(record));
    await rename(this.tempOf(record.id), this.fileOf(record.id, 0));
  }

  /** Claims visible messages synchronously (so concurrent receives never share one), then does the I/O. */
  private async take(max: number, visibilitySeconds: number): Promise<ReceivedMessage[]> {
    const now = this.clock.now().getTime();
    const deliver: Entry[] = [];
    const redrive: Entry[] = [];
    for (const e of this.entries.values()) {
      if (deliver.length >= max) break;
      if (e.busy || e.visibleAt > now) continue;
      e.busy = true;
      e.receipt = undefined;
      (this.limit !== undefined && e.count + 1 > this.limit ? redrive : deliver).push(e);
    }
    try {
      await this.moveToDeadLetter(redrive);
    } catch (e) {
      for (const entry of [...redrive, ...deliver]) entry.busy = false;
      throw e;
    }
    return this.markReceived(deliver, visibilitySeconds);
  }

  /** Counts the receive on disk before handing the message out, so a crash cannot lose the count. */
  private async markReceived(entries: Entry[], visibilitySeconds: number): Promise<ReceivedMessage[]> {
    const results = await Promise.allSettled(
      entries.map(async (e) => {
        await rename(this.fileOf(e.id, e.count), this.fileOf(e.id, e.count + 1));
        e.count += 1;
        return JSON.parse(await readFile(this.fileOf(e.id, e.count), "utf8")) as StoredMessage;
      }),
    );
    const failure = results.find((r) => r.status === "rejected");
    try {
      if (failure) throw failure.reason;
      if (entries.length > 0) await syncDir(this.messagesDir);
    } catch (e) {
      for (const entry of entries) entry.busy = false;
      throw e;
    }
    const visibleAt = this.clock.now().getTime() + visibilitySeconds * 1000;
    return entries.map((e, i) => {
      const stored = (results[i] as PromiseFulfilledResult<StoredMessage>).value;
      e.busy = false;
      e.visibleAt = visibleAt;
      e.receipt = randomBytes(8).toString("hex");
      return { id: e.id, body: stored.body, attributes: stored.attributes, receiveCount: e.count, receipt: `${e.id}.${e.receipt}`, sentAt: new Date(stored.sentAt) };
    });
  }

  /** SQS redrive: the dead-letter copy is durable before the original is removed, keeping id, body, attributes and sentAt. */
  private async moveToDeadLetter(entries: Entry[]): Promise<void> {
    if (entries.length === 0 || !this.deadLetter) return;
    const records = await Promise.all(entries.map(async (e) => JSON.parse(await readFile(this.fileOf(e.id, e.count), "utf8")) as StoredMessage));
    await this.deadLetter.enqueue(records);
    for (const e of entries) {
      await unlink(this.fileOf(e.id, e.count));
      this.entries.delete(e.id);
    }
  }

  private held(receipt: string): Entry | undefined {
    this.assertOpen();
    const [id, token, ...rest] = receipt.split(".");
    if (!id || !token || rest.length > 0) throw new Error(`Invalid receipt: ${receipt}`);
    const entry = this.entries.get(id);
    return entry && !entry.busy && entry.receipt === token ? entry : undefined;
  }

  private waitForWork(maxMs: number): Promise<void> {
    const now = this.clock.now().getTime();
    let ms = maxMs;
    for (const e of this.entries.values()) if (!e.busy && e.visibleAt > now) ms = Math.min(ms, e.visibleAt - now);
    return new Promise((done) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        done();
      };
      const timer = setTimeout(wake, Math.min(ms, 2 ** 31 - 1));
      this.waiters.add(wake);
    });
  }

  private wake(): void {
    for (const wake of [...this.waiters]) wake();
  }

  /** Rebuilds the index from file names: in-flight state is gone, so everything is visible. */
  private async load(): Promise<void> {
    const counts = new Map<string, number>();
    for (const name of await readdir(this.messagesDir)) {
      // A temp file belongs to a send that never resolved: nobody was promised it.
      if (name.endsWith(".tmp")) {
        await unlink(join(this.messagesDir, name));
        continue;
      }
      const match = FILE_NAME.exec(name);
      if (!match) continue;
      const id = match[1] as string;
      const count = Number(match[2]);
      const seen = counts.get(id);
      // Two names for one id only if a rename was half-applied in a crash; the higher count is newer.
      if (seen !== undefined) await unlink(this.fileOf(id, Math.min(seen, count)));
      counts.set(id, Math.max(seen ?? count, count));
    }
    for (const id of [...counts.keys()].sort()) this.entries.set(id, { id, count: counts.get(id) as number, visibleAt: 0, busy: false });
  }

  private track<T>(op: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`DurableLocalQueue is closed: ${this.dir}`));
    const p = op();
    this.pending.add(p);
    const forget = () => this.pending.delete(p);
    p.then(forget, forget);
    return p;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`DurableLocalQueue is closed: ${this.dir}`);
  }

  private newId(now: Date): string {
    const seq = this.sequence++ % 1e9;
    return `${String(now.getTime()).padStart(13, "0")}-${String(seq).padStart(9, "0")}-${randomBytes(4).toString("hex")}`;
  }

  private fileOf(id: string, count: number): string {
    return join(this.messagesDir, `${id}.${count}.json`);
  }

  private tempOf(id: string): string {
    return join(this.messagesDir, `${id}.tmp`);
  }
}

async function acquireLock(dir: string): Promise<void> {
  // Claimed before the first await, so two opens racing in one process cannot both pass.
  if (openDirs.has(dir)) throw new Error(`DurableLocalQueue: ${dir} is already open in this process`);
  openDirs.add(dir);
  const path = join(dir, "lock");
  try {
    await writeFile(path, String(process.pid), { flag: "wx" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") {
      openDirs.delete(dir);
      throw e;
    }
    const owner = Number((await readFile(path, "utf8")).trim());
    if (owner !== process.pid && isAlive(owner)) {
      openDirs.delete(dir);
      throw new Error(`DurableLocalQueue: ${dir} is in use by process ${owner} (delete ${path} if that is not a Sightline process)`);
    }
    // The owner died (kill -9, crash): its lock is stale.
    await writeFile(path, String(process.pid));
  }
}

async function releaseLock(dir: string): Promise<void> {
  openDirs.delete(dir);
  await unlink(join(dir, "lock")).catch(() => {});
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
