import { readdir, unlink } from "node:fs/promises";
import { join } from "node:path";

/*
 * The names a durable local queue gives its files (./durable-local-queue.ts), and the scan that reads its state back
 * from them when it opens.
 */

/** `<send time ms>-<sequence>-<random>`: ids sort in send order. */
const ID = "\\d{13}-\\d{9}-[0-9a-f]{8}";
/** A message in a file of its own, as queues wrote them before segments (still read, received and acknowledged). */
const FILE_NAME = new RegExp(`^(${ID})\\.(\\d+)\\.json$`);
/** One group commit's messages: `<first id>.<random>.seg` (./queue-segment.ts; a JSON array before). */
const SEGMENT_NAME = new RegExp(`^(${ID})\\.[0-9a-f]{8}\\.seg$`);
/** An empty file saying a segment's message was received `count` times. */
const RECEIVED_NAME = new RegExp(`^(${ID})\\.(\\d+)\\.rcv$`);
/** An empty file saying a segment's message is acknowledged (or dead-lettered). */
const DONE_NAME = new RegExp(`^(${ID})\\.ack$`);

/** The name of a message in a file of its own, received `count` times. */
export const messageFileName = (id: string, count: number) => `${id}.${count}.json`;
/** The name of the marker saying a segment's message was received `count` times. */
export const receivedName = (id: string, count: number) => `${id}.${count}.rcv`;
/** The name of the marker saying a segment's message is acknowledged. */
export const doneName = (id: string) => `${id}.ack`;

/** What a queue directory holds, read by name alone. */
export interface QueueDir {
  /** Messages in files of their own: the newest receive count of each id. */
  counts: Map<string, number>;
  /** Receive markers of segments' messages: the newest per id. */
  received: Map<string, { count: number; name: string }>;
  /** Ids acknowledged (or dead-lettered) by a marker. */
  done: Set<string>;
  segmentNames: string[];
}

/**
 * Lists a queue directory and tidies what a crash can leave: temp files of sends that never resolved, and the older
 * of two names for one message (a rename half-applied). Segments are listed, not read.
 */
export async function scanQueueDir(dir: string): Promise<QueueDir> {
  const counts = new Map<string, number>();
  const received = new Map<string, { count: number; name: string }>();
  const done = new Set<string>();
  const segmentNames: string[] = [];
  for (const name of await readdir(dir)) {
    // A temp file belongs to a send that never resolved: nobody was promised it.
    if (name.endsWith(".tmp")) {
      await unlink(join(dir, name));
      continue;
    }
    if (SEGMENT_NAME.test(name)) {
      segmentNames.push(name);
      continue;
    }
    const marker = RECEIVED_NAME.exec(name);
    if (marker) {
      const [id, count] = [marker[1] as string, Number(marker[2])];
      const seen = received.get(id);
      // Renames are atomic; two markers for one id would be a copy left by hand: the higher count is newer.
      if (seen && seen.count > count) await unlink(join(dir, name));
      else {
        if (seen) await unlink(join(dir, seen.name));
        received.set(id, { count, name });
      }
      continue;
    }
    const ack = DONE_NAME.exec(name);
    if (ack) {
      done.add(ack[1] as string);
      continue;
    }
    const match = FILE_NAME.exec(name);
    if (!match) continue;
    const id = match[1] as string;
    const count = Number(match[2]);
    const seen = counts.get(id);
    // Two names for one id only if a rename was half-applied in a crash; the higher count is newer.
    if (seen !== undefined) await unlink(join(dir, messageFileName(id, Math.min(seen, count))));
    counts.set(id, Math.max(seen ?? count, count));
  }
  return { counts, received, done, segmentNames };
}
