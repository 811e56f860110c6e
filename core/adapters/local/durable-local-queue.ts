import { randomBytes } from "node:crypto";
import { readdir, readFile, rename, unlink } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Clock, JobQueue, OutgoingMessage, QueueStats, ReceivedMessage } from "../../platform/ports";
import { systemClock } from "../system/system-clock";
import { acquireLock, ensureDir, releaseLock, syncDir, writeSynced } from "./durable-fs";

export interface DurableLocalQueueOptions {
  dir: string;
  /** Receives allowed before a message moves to `deadLetter`; required with it, ignored without it. */
  maxReceiveCount?: number;
  /** Close it after this queue: a receive may move messages into it until then. */
  deadLetter?: DurableLocalQueue;
  clock?: Clock;
}

/**
 * In-memory view of one message file (the body stays on disk). `count` mirrors the
 * file name; `visibleAt` (epoch ms) is never persisted; `receipt` is the token of
 * the latest receive; `busy` hides the entry from everyone while its file changes.
 */
type Entry = { id: string; count: number; visibleAt: number; receipt?: string; busy: boolean };

/** The file's JSON. */
type StoredMessage = {
  id: string;
  body: string;
  attributes: Record<string, string>;
  sentAt: string;
  visibleAt?: number;
};

/** `<send time ms>-<sequence>-<random>`: names sort in send order, so open needs no file reads. */
const FILE_NAME = /^(\d{13}-\d{9}-[0-9a-f]{8})\.(\d+)\.json$/;
const DEFAULT_VISIBILITY_SECONDS = 30;
/** Files written concurrently by one send, to stay far from the open-file limit. */
const WRITE_CONCURRENCY = 32;

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
    if (deadLetter && maxReceiveCount === undefined)
      throw new Error("DurableLocalQueue: deadLetter needs maxReceiveCount");
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
      const records = messages.map((m) => ({
        id: this.newId(now),
        body: m.body,
        attributes: { ...m.attributes },
        sentAt: now.toISOString(),
        ...(m.delaySeconds ? { visibleAt: now.getTime() + Math.min(900, m.delaySeconds) * 1000 } : {}),
      }));
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
        // Checked right before waiting: a close() that ran while `take` awaited woke nobody.
        if (got.length > 0 || remaining <= 0 || this.closed) return got;
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
      // No directory fsync: if the unlink is lost in a crash the message is redelivered (at-least-once).
      await unlink(this.fileOf(entry.id, entry.count)).catch((e: NodeJS.ErrnoException) => {
        if (e.code === "ENOENT") return;
        entry.busy = false;
        throw e;
      });
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
    let oldest = now;
    for (const e of this.entries.values()) {
      // Ids start with the send time in ms, so the age needs no file read.
      oldest = Math.min(oldest, Number(e.id.slice(0, 13)));
      if (!e.busy && e.visibleAt <= now) depth++;
    }
    return {
      depth,
      inFlight: this.entries.size - depth,
      oldestAgeSeconds: this.entries.size ? Math.max(0, (now - oldest) / 1000) : null,
    };
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
    if (this.closed) throw this.closedError();
    const fresh = records.filter((r) => !this.entries.has(r.id));
    try {
      for (let i = 0; i < fresh.length; i += WRITE_CONCURRENCY)
        await settleAll(fresh.slice(i, i + WRITE_CONCURRENCY).map((r) => this.writeMessage(r)));
      if (fresh.length > 0) await syncDir(this.messagesDir);
    } catch (e) {
      // All or nothing, so that the caller's retry does not duplicate the part that made it.
      await Promise.allSettled(fresh.flatMap((r) => [unlink(this.tempOf(r.id)), unlink(this.fileOf(r.id, 0))]));
      throw e;
    }
    // A delay lives in memory, as visibility does: after a restart the message is visible at once.
    for (const r of fresh) this.entries.set(r.id, { id: r.id, count: 0, visibleAt: r.visibleAt ?? 0, busy: false });
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
    let stored: StoredMessage[];
    try {
      stored = await settleAll(
        entries.map(async (e) => {
          await rename(this.fileOf(e.id, e.count), this.fileOf(e.id, e.count + 1));
          e.count += 1;
          return this.read(e);
        }),
      );
      if (entries.length > 0) await syncDir(this.messagesDir);
    } catch (e) {
      for (const entry of entries) entry.busy = false;
      throw e;
    }
    const visibleAt = this.clock.now().getTime() + visibilitySeconds * 1000;
    return entries.map((e, i) => {
      const { body, attributes, sentAt } = stored[i] as StoredMessage;
      Object.assign(e, { busy: false, visibleAt, receipt: randomBytes(8).toString("hex") });
      return {
        id: e.id,
        body,
        attributes,
        receiveCount: e.count,
        receipt: `${e.id}.${e.receipt}`,
        sentAt: new Date(sentAt),
      };
    });
  }

  /** SQS redrive: the dead-letter copy is durable before the original is removed, keeping id, body, attributes and sentAt. */
  private async moveToDeadLetter(entries: Entry[]): Promise<void> {
    if (entries.length === 0 || !this.deadLetter) return;
    await this.deadLetter.enqueue(await Promise.all(entries.map((e) => this.read(e))));
    for (const e of entries) {
      await unlink(this.fileOf(e.id, e.count));
      this.entries.delete(e.id);
    }
  }

  private async read(e: Entry): Promise<StoredMessage> {
    return JSON.parse(await readFile(this.fileOf(e.id, e.count), "utf8")) as StoredMessage;
  }

  private held(receipt: string): Entry | undefined {
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
    for (const id of [...counts.keys()].sort())
      this.entries.set(id, { id, count: counts.get(id) as number, visibleAt: 0, busy: false });
  }

  private track<T>(op: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(this.closedError());
    const p = op();
    this.pending.add(p);
    const forget = () => this.pending.delete(p);
    p.then(forget, forget);
    return p;
  }

  private closedError(): Error {
    return new Error(`DurableLocalQueue is closed: ${this.dir}`);
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

/** Like Promise.all, but lets every operation finish before throwing, so no I/O runs on behind the error. */
async function settleAll<T>(operations: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(operations);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
