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

/**
 * Records lying this close to each other are read together: between the records of one commit there is nothing, between
 * two commits a frame's header line, so a delivery's records (sent one after another) are mostly one read.
 */
const READ_GAP = 4096;

/**
 * The records at `spans` of the log at `path`, in their order. Records near each other in the file are read with one
 * positioned read (a delivery's receive costs a read per run of records, not one per message: each read is a call on
 * libuv's threads, which the group commits of the requests being accepted also wait for).
 */
export async function readLogRecords(
  path: string,
  name: string,
  spans: readonly RecordSpan[],
): Promise<SegmentRecord[]> {
  const handle = await open(path, "r");
  try {
    const out: SegmentRecord[] = new Array(spans.length);
    for (const run of readRuns(spans)) {
      const bytes = Buffer.allocUnsafe(run.end - run.start);
      const { bytesRead } = await handle.read(bytes, 0, bytes.length, run.start);
      if (bytesRead !== bytes.length) throw new Error(`DurableLocalQueue: log ${name} is truncated`);
      for (const i of run.members) {
        const { offset, length } = spans[i]!;
        out[i] = decodeRecord(bytes.subarray(offset - run.start, offset - run.start + length), name);
      }
    }
    return out;
  } finally {
    await handle.close();
  }
}

type ReadRun = { start: number; end: number; members: number[] };

/** The spans (by index) grouped into runs of the file to read at once, in file order. */
function readRuns(spans: readonly RecordSpan[]): ReadRun[] {
  const order = spans.map((_, i) => i).sort((a, b) => spans[a]!.offset - spans[b]!.offset);
  const runs: ReadRun[] = [];
  for (const i of order) {
    const { offset, length } = spans[i]!;
    const last = runs[runs.length - 1];
    if (last && offset - last.end <= READ_GAP) {
      last.end = Math.max(last.end, offset + length);
      last.members.push(i);
    } else runs.push({ start: offset, end: offset + length, members: [i] });
  }
  return runs;
}
