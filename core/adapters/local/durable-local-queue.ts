import { randomBytes } from "node:crypto";
import { type FileHandle, readFile, rename, unlink } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Clock, JobQueue, OutgoingMessage, QueueStats, ReceivedMessage } from "../../platform/ports";
import { systemClock } from "../system/system-clock";
import { acquireLock, ensureDir, releaseLock, syncDir } from "./durable-fs";
import { type Entry, loadQueueDir, messageFileName, type Segment } from "./queue-directory";
import { appendSynced, LOG_BYTES, QueueLog, readLogRecords, SEAL_DRAINED_BYTES } from "./queue-log";
import { decodeSegment, encodeFrame, type SegmentRecord } from "./queue-segment";
import { StateFile, stateName } from "./queue-state";

export interface DurableLocalQueueOptions {
  dir: string;
  /** Receives allowed before a message moves to `deadLetter`; required with it, ignored without it. */
  maxReceiveCount?: number;
  /** Close it after this queue: a receive may move messages into it until then. */
  deadLetter?: DurableLocalQueue;
  clock?: Clock;
  /** Appends a group's frame to the open log and makes it durable (`appendSynced`); tests count commits through it. */
  appendDurably?: (log: FileHandle, frame: Buffer) => Promise<void>;
}

/** Sends waiting for the next group commit, answered together once their frame is durable. */
type Group = { records: StoredMessage[]; done: Promise<void>; settle(error?: unknown): void };

/** The file's JSON, or a segment's record (./queue-segment.ts). */
type StoredMessage = SegmentRecord;

const DEFAULT_VISIBILITY_SECONDS = 30;

/**
 * A durable, single-process stand-in for SQS (docs/ingest.md, "Group commit"). Sends are
 * group-committed: the messages of every send that arrives while a write is in flight
 * go into the next one, a frame appended to the queue's log in `<dir>/messages`
 * (`<first id>.<random>.log`, each body stored as sent, see ./queue-segment.ts) and made
 * durable with one `fdatasync`; each `send` resolves only once its frame is durable, so an
 * accepted message survives kill -9, and many sends pay for one write and one sync. A log
 * takes commits until it holds 16 MB. A receive counts itself on disk before handing the
 * messages out, and `ack` marks a message done, as lines appended to the log's state file
 * (`<log>.state`, ./queue-state.ts: one write for a delivery's messages, synced for
 * receives); a log is deleted, with its state file, once it takes no more commits and all
 * its messages are acknowledged. Segments (`.seg`, one group commit per file), messages in
 * files of their own (`<id>.<count>.json`) and receive markers, as the queue wrote them
 * before, are still read, received and acknowledged. Visibility lives in memory only, so
 * after a restart every message is visible again. `<dir>/lock` holds the owner's pid
 * against a second process.
 */
export class DurableLocalQueue implements JobQueue {
  private readonly messagesDir: string;
  private readonly entries = new Map<string, Entry>();
  private readonly segments = new Map<string, Segment>();
  /** The state files of the logs and segments received from since the queue opened. */
  private readonly states = new Map<string, StateFile>();
  /** Ids of the group being written or gathered, so a repeated redrive does not queue one twice. */
  private readonly committing = new Set<string>();
  private nextGroup: Group | null = null;
  private writing = false;
  /** The log group commits are appended to; null until the next commit opens one. */
  private log: QueueLog | null = null;
  private readonly waiters = new Set<() => void>();
  private readonly pending = new Set<Promise<unknown>>();
  private sequence = 0;
  private closed = false;

  private constructor(
    private readonly dir: string,
    private readonly limit: number | undefined,
    private readonly deadLetter: DurableLocalQueue | undefined,
    private readonly clock: Clock,
    private readonly appendDurably: (log: FileHandle, frame: Buffer) => Promise<void>,
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
    const queue = new DurableLocalQueue(
      dir,
      limit,
      deadLetter,
      options.clock ?? systemClock,
      options.appendDurably ?? appendSynced,
    );
    await ensureDir(queue.messagesDir);
    await acquireLock(dir);
    try {
      const loaded = await loadQueueDir(queue.messagesDir);
      for (const entry of loaded.entries) queue.entries.set(entry.id, entry);
      for (const [name, segment] of loaded.segments) queue.segments.set(name, segment);
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
      try {
        await this.remove(entry);
      } catch (e) {
        entry.busy = false;
        throw e;
      }
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
    await Promise.allSettled([...this.states.values()].map((s) => s.close()));
    await this.log?.close();
    this.log = null;
    await releaseLock(this.dir);
  }

  /**
   * Persists records (durably) and indexes them; ids already present are skipped, so a redrive repeated after a
   * crash does not duplicate. Resolves once the group commit that took them is durable.
   */
  private async enqueue(records: StoredMessage[]): Promise<void> {
    if (this.closed) throw this.closedError();
    const fresh = records.filter((r) => !this.entries.has(r.id) && !this.committing.has(r.id));
    if (fresh.length === 0) return;
    for (const r of fresh) this.committing.add(r.id);
    if (!this.nextGroup) {
      let settle!: Group["settle"];
      const done = new Promise<void>((resolve, reject) => (settle = (e) => (e === undefined ? resolve() : reject(e))));
      this.nextGroup = { records: [], done, settle };
    }
    const group = this.nextGroup;
    group.records.push(...fresh);
    if (!this.writing) void this.commitGroups();
    return group.done;
  }

  /** Writes the gathered groups one after another: what arrives during a write waits for the next one, together. */
  private async commitGroups(): Promise<void> {
    this.writing = true;
    while (this.nextGroup) {
      const group = this.nextGroup;
      this.nextGroup = null;
      try {
        await this.writeGroup(group.records);
        group.settle();
      } catch (e) {
        group.settle(e ?? new Error("group commit failed"));
      } finally {
        for (const r of group.records) this.committing.delete(r.id);
      }
    }
    this.writing = false;
  }

  /**
   * Appends the group to the log as one frame, durable before this resolves: all of it or nothing, so that no
   * caller's retry duplicates the part that made it (a frame a crash cut short is dropped whole on reopen). After a
   * failed append the log takes no more frames (a part of the failed one may be in it): the next commit starts a new
   * log.
   */
  private async writeGroup(records: StoredMessage[]): Promise<void> {
    const { frame, spans } = encodeFrame(records);
    // A drained log past 1 MB is sealed (and so deleted) before it takes more, which bounds its state file; a
    // smaller one stays, so a queue the worker keeps empty does not start a file per commit. Sealed only here, where
    // commits are serial: never while a commit is being appended to it.
    if (this.log && this.log.size >= SEAL_DRAINED_BYTES && this.segments.get(this.log.name)?.live.size === 0)
      await this.sealLog();
    if (!this.log) {
      this.log = await QueueLog.create(this.messagesDir, records[0]!.id);
      this.segments.set(this.log.name, { live: new Set(), done: [] });
    }
    const log = this.log;
    let base: number;
    try {
      base = await log.append(frame, this.appendDurably);
    } catch (e) {
      await this.sealLog();
      throw e;
    }
    const segment = this.segments.get(log.name)!;
    // A delay lives in memory, as visibility does: after a restart the message is visible at once.
    records.forEach((r, i) => {
      segment.live.add(r.id);
      const span = { offset: base + spans[i]!.offset, length: spans[i]!.length };
      this.entries.set(r.id, { id: r.id, count: 0, visibleAt: r.visibleAt ?? 0, busy: false, segment: log.name, span });
    });
    if (log.size >= LOG_BYTES) await this.sealLog();
    this.wake();
  }

  /** Closes the log to further commits; deleted at once when none of its messages is left. */
  private async sealLog(): Promise<void> {
    const log = this.log;
    if (!log) return;
    this.log = null;
    await log.close();
    const segment = this.segments.get(log.name);
    if (segment && segment.live.size === 0) await this.dropSegment(log.name, segment);
  }

  /** Deletes a log or segment none of whose messages is left, then its state file and markers. */
  private async dropSegment(name: string, segment: Segment): Promise<void> {
    if (!this.segments.delete(name)) return;
    const state = this.states.get(name);
    this.states.delete(name);
    await state?.close();
    // The segment first: a state file or markers it leaves behind without it are dropped at the next open.
    await unlink(join(this.messagesDir, name)).catch(() => {});
    await Promise.allSettled([stateName(name), ...segment.done].map((m) => unlink(join(this.messagesDir, m))));
  }

  private stateOf(segment: string): StateFile {
    let state = this.states.get(segment);
    if (!state) {
      state = new StateFile(this.messagesDir, segment);
      this.states.set(segment, state);
    }
    return state;
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
      const ownFiles = entries.filter((e) => !e.segment);
      await settleAll([
        ...ownFiles.map((e) => this.renameReceived(e)),
        // One synced append per log for all of its messages in the delivery.
        ...[...groupBySegment(entries)].map(async ([segment, held]) => {
          await this.stateOf(segment).append(
            held.map((e) => `R ${e.id} ${e.count + 1}`),
            true,
          );
          for (const e of held) e.count += 1;
        }),
      ]);
      stored = await this.readAll(entries);
      if (ownFiles.length > 0) await syncDir(this.messagesDir);
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

  /** A message in a file of its own: the file renamed to the next count. */
  private async renameReceived(e: Entry): Promise<void> {
    await rename(this.fileOf(e.id, e.count), this.fileOf(e.id, e.count + 1));
    e.count += 1;
  }

  /**
   * Takes an acknowledged (or dead-lettered) message off the disk. No directory fsync: if it is lost in a crash the
   * message is delivered again (at-least-once). A segment goes, with its state file, once none of its messages is left.
   */
  private async remove(e: Entry): Promise<void> {
    if (!e.segment) {
      await unlink(this.fileOf(e.id, e.count)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
      this.entries.delete(e.id);
      return;
    }
    await this.stateOf(e.segment).append([`A ${e.id}`], false);
    this.entries.delete(e.id);
    const segment = this.segments.get(e.segment);
    if (!segment) return;
    segment.live.delete(e.id);
    // The log still taking commits stays: the writer seals it (`writeGroup`).
    if (segment.live.size > 0 || e.segment === this.log?.name) return;
    await this.dropSegment(e.segment, segment);
  }

  /** SQS redrive: the dead-letter copy is durable before the original is removed, keeping id, body, attributes and sentAt. */
  private async moveToDeadLetter(entries: Entry[]): Promise<void> {
    if (entries.length === 0 || !this.deadLetter) return;
    await this.deadLetter.enqueue(await this.readAll(entries));
    for (const e of entries) await this.remove(e);
  }

  /** The stored messages of `entries`, in their order: a log's records by positioned reads, a segment read whole once. */
  private async readAll(entries: Entry[]): Promise<StoredMessage[]> {
    const segments = new Map<string, Promise<Map<string, StoredMessage>>>();
    const segmentOf = (name: string) => {
      let read = segments.get(name);
      if (!read) {
        read = this.readSegment(name).then((records) => new Map(records.map((r) => [r.id, r])));
        segments.set(name, read);
      }
      return read;
    };
    // Each log opened once, for the records `entries` holds in it.
    const fromLogs = new Map<string, StoredMessage>();
    await settleAll(
      [...groupBySegment(entries.filter((e) => e.span))].map(async ([name, held]) => {
        const records = await readLogRecords(
          join(this.messagesDir, name),
          name,
          held.map((e) => e.span!),
        );
        for (const [i, e] of held.entries()) fromLogs.set(e.id, records[i]!);
      }),
    );
    return settleAll(
      entries.map(async (e) => {
        if (!e.segment) return JSON.parse(await readFile(this.fileOf(e.id, e.count), "utf8")) as StoredMessage;
        if (e.span) return fromLogs.get(e.id)!;
        const record = (await segmentOf(e.segment)).get(e.id);
        if (!record) throw new Error(`DurableLocalQueue: message ${e.id} is missing from ${e.segment}`);
        return record;
      }),
    );
  }

  private async readSegment(name: string): Promise<StoredMessage[]> {
    return decodeSegment(await readFile(join(this.messagesDir, name)), name);
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
    return join(this.messagesDir, messageFileName(id, count));
  }
}

/** The entries held in logs or segments, by the log or segment holding them. */
function groupBySegment(entries: Entry[]): Map<string, Entry[]> {
  const out = new Map<string, Entry[]>();
  for (const e of entries) {
    if (!e.segment) continue;
    const held = out.get(e.segment);
    if (held) held.push(e);
    else out.set(e.segment, [e]);
  }
  return out;
}

/** Like Promise.all, but lets every operation finish before throwing, so no I/O runs on behind the error. */
async function settleAll<T>(operations: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(operations);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
