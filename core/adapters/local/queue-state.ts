import { type FileHandle, open, readFile } from "node:fs/promises";
import { join } from "node:path";
import { syncDir } from "./durable-fs";

/*
 * The receive counts and acknowledgements of one log's (or segment's) messages, as lines appended to
 * `<log name>.state` beside it (docs/ingest.md, "Receives and acknowledgements"). One file per log, deleted with it,
 * so a line never outlives the message it is about and no line refers to another log.
 */

/** The state file of the log or segment `name`. */
export const stateName = (name: string) => `${name}.state`;

/** `R <id> <count>`: the message was received `count` times. `A <id>`: it is acknowledged (or dead-lettered). */
const LINE = /^(?:R (\S+) (\d+)|A (\S+))$/;

/** What a state file says of its log's messages. */
export interface LogState {
  counts: Map<string, number>;
  done: Set<string>;
}

/**
 * Reads a state file; a missing file says nothing. A line a crash cut short (or the zeros a file system may leave
 * after it) matches no line and is skipped: the count it would have raised is one lower, or the message it would have
 * acknowledged is delivered again (at-least-once), and no other line is lost with it.
 */
export async function readLogState(path: string): Promise<LogState> {
  const state: LogState = { counts: new Map(), done: new Set() };
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return state;
    throw e;
  }
  for (const line of text.split("\n")) {
    const m = LINE.exec(line);
    if (!m) continue;
    if (m[3]) state.done.add(m[3]);
    else state.counts.set(m[1]!, Math.max(state.counts.get(m[1]!) ?? 0, Number(m[2])));
  }
  return state;
}

type Pending = { text: string; sync: boolean; settle(error?: unknown): void };

/**
 * Appends lines to one log's state file. Appends that arrive while one is written go into the next write together,
 * as the queue's group commits do, so a delivery's receives or acknowledgements cost one write (and, for receives,
 * one `fdatasync`) instead of a file call per message. Opened on the first append, which also makes the file's
 * directory entry durable.
 */
export class StateFile {
  private handle: Promise<FileHandle> | null = null;
  private queue: Pending[] = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly dir: string,
    readonly logName: string,
  ) {}

  /** Resolves once the lines are written, and with `sync` once they are on disk. */
  append(lines: readonly string[], sync: boolean): Promise<void> {
    if (lines.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({
        text: `${lines.join("\n")}\n`,
        sync,
        settle: (error) => (error === undefined ? resolve() : reject(error)),
      });
      this.writing ??= this.drain();
    });
  }

  /** Waits for the appends under way, then closes the file. */
  async close(): Promise<void> {
    await this.writing;
    const handle = this.handle;
    this.handle = null;
    if (handle) await (await handle.catch(() => null))?.close().catch(() => {});
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        try {
          const handle = await this.opened();
          const bytes = Buffer.from(batch.map((p) => p.text).join(""));
          const { bytesWritten } = await handle.write(bytes);
          if (bytesWritten !== bytes.length) throw new Error(`Wrote ${bytesWritten} of ${bytes.length} bytes`);
          if (batch.some((p) => p.sync)) await handle.datasync();
          for (const p of batch) p.settle();
        } catch (e) {
          for (const p of batch) p.settle(e ?? new Error("state append failed"));
        }
      }
    } finally {
      this.writing = null;
    }
  }

  private opened(): Promise<FileHandle> {
    this.handle ??= (async () => {
      // Append-only: each write lands whole at the end, after every earlier one.
      const handle = await open(join(this.dir, stateName(this.logName)), "a");
      await syncDir(this.dir);
      return handle;
    })();
    // A failed open is tried again by the next append.
    this.handle.catch(() => (this.handle = null));
    return this.handle;
  }
}
