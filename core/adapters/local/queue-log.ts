import { randomBytes } from "node:crypto";
import { type FileHandle, open, unlink } from "node:fs/promises";
import { join } from "node:path";
import { syncDir } from "./durable-fs";
import { decodeRecord, LOG_HEADER, type RecordSpan, type SegmentRecord } from "./queue-segment";

/*
 * The file a durable local queue appends its group commits to (./durable-local-queue.ts; the frames are in
 * ./queue-segment.ts). A commit is one write and one `fdatasync` of a file already open: no file is created, renamed
 * or named in a directory fsync per commit (docs/ingest.md, "Group commit").
 */

/** A log takes group commits until it holds this many bytes; the next commit starts a new one. */
export const LOG_BYTES = 16 * 1024 * 1024;
/** A log all of whose messages are done is sealed and deleted once it holds this many bytes. */
export const SEAL_DRAINED_BYTES = 1024 * 1024;

/**
 * Writes at the file's position, its end (only this writes a log, one frame after another), and waits for the data,
 * and the size it grew to, to be on disk.
 */
export async function appendSynced(log: FileHandle, frame: Buffer): Promise<void> {
  const { bytesWritten } = await log.write(frame);
  if (bytesWritten !== frame.length) throw new Error(`Wrote ${bytesWritten} of ${frame.length} bytes`);
  await log.datasync();
}

/** The log a queue is appending to: `<first id>.<random>.log` in its messages directory. */
export class QueueLog {
  private constructor(
    readonly name: string,
    private readonly handle: FileHandle,
    /** Bytes in the file: where the next frame starts. */
    public size: number,
  ) {}

  /** A new log, its header and its directory entry durable before it takes a commit. */
  static async create(dir: string, firstId: string): Promise<QueueLog> {
    const name = `${firstId}.${randomBytes(4).toString("hex")}.log`;
    const path = join(dir, name);
    const handle = await open(path, "wx");
    try {
      await appendSynced(handle, LOG_HEADER);
      await syncDir(dir);
    } catch (e) {
      await handle.close().catch(() => {});
      await unlink(path).catch(() => {});
      throw e;
    }
    return new QueueLog(name, handle, LOG_HEADER.length);
  }

  /** Appends a frame through `appendDurably`; resolves with the offset it starts at, once it is durable. */
  async append(frame: Buffer, appendDurably: (log: FileHandle, frame: Buffer) => Promise<void>): Promise<number> {
    await appendDurably(this.handle, frame);
    const at = this.size;
    this.size += frame.length;
    return at;
  }

  close(): Promise<void> {
    return this.handle.close().catch(() => {});
  }
}

/** The records at `spans` of the log at `path`, in their order: one positioned read each. */
export async function readLogRecords(
  path: string,
  name: string,
  spans: readonly RecordSpan[],
): Promise<SegmentRecord[]> {
  const handle = await open(path, "r");
  try {
    const out: SegmentRecord[] = [];
    for (const span of spans) {
      const bytes = Buffer.alloc(span.length);
      const { bytesRead } = await handle.read(bytes, 0, span.length, span.offset);
      if (bytesRead !== span.length) throw new Error(`DurableLocalQueue: log ${name} is truncated`);
      out.push(decodeRecord(bytes, name));
    }
    return out;
  } finally {
    await handle.close();
  }
}
