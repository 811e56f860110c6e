import { readdir, readFile, unlink } from "node:fs/promises";
import { join } from "node:path";
import { decodeLog, decodeSegment, type RecordSpan } from "./queue-segment";
import { readLogState, stateName } from "./queue-state";

/*
 * The names a durable local queue gives its files (./durable-local-queue.ts), and the scan and reads that build its
 * state back from them when it opens.
 */

/**
 * In-memory view of one message (the body stays on disk). `count` mirrors the file
 * name of a message in a file of its own, or the last count its log's state file (or
 * receive marker) holds; `visibleAt` (epoch ms) is never persisted; `receipt` is the
 * token of the latest receive; `busy` hides the entry from everyone while its files change.
 */
export type Entry = {
  id: string;
  count: number;
  visibleAt: number;
  receipt?: string;
  busy: boolean;
  /** The log or segment file holding the message; absent for a message in a file of its own (written before segments). */
  segment?: string;
  /** Where its record lies in its log (absent in a segment, which is read whole). */
  span?: RecordSpan;
};

/** A log's or segment's messages not yet acknowledged, and the markers (as queues wrote them) to delete with it. */
export type Segment = { live: Set<string>; done: string[] };

/** `<send time ms>-<sequence>-<random>`: ids sort in send order. */
const ID = "\\d{13}-\\d{9}-[0-9a-f]{8}";
/** A message in a file of its own, as queues wrote them before segments (still read, received and acknowledged). */
const FILE_NAME = new RegExp(`^(${ID})\\.(\\d+)\\.json$`);
/**
 * A log of group commits, `<first id>.<random>.log`, or one group commit's messages, `<first id>.<random>.seg`, as
 * queues wrote them before logs (./queue-segment.ts; a JSON array before that).
 */
const SEGMENT_NAME = new RegExp(`^(${ID})\\.[0-9a-f]{8}\\.(seg|log)$`);
/** An empty file saying a segment's message was received `count` times (written until the thirteenth session). */
const RECEIVED_NAME = new RegExp(`^(${ID})\\.(\\d+)\\.rcv$`);
/** An empty file saying a segment's message is acknowledged or dead-lettered (written until the thirteenth session). */
const DONE_NAME = new RegExp(`^(${ID})\\.ack$`);
/** A log's or segment's receive counts and acknowledgements (./queue-state.ts). */
const STATE_NAME = new RegExp(`^(${ID}\\.[0-9a-f]{8}\\.(?:seg|log))\\.state$`);

/** The name of a message in a file of its own, received `count` times. */
export const messageFileName = (id: string, count: number) => `${id}.${count}.json`;
const doneName = (id: string) => `${id}.ack`;

/** What a queue directory holds, read by name alone. */
export interface QueueDir {
  /** Messages in files of their own: the newest receive count of each id. */
  counts: Map<string, number>;
  /** Receive markers of segments' messages: the newest per id. */
  received: Map<string, { count: number; name: string }>;
  /** Ids acknowledged (or dead-lettered) by a marker. */
  done: Set<string>;
  segmentNames: string[];
  /** The logs and segments that have a state file. */
  stated: Set<string>;
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
  const stated = new Set<string>();
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
    const state = STATE_NAME.exec(name);
    if (state) {
      stated.add(state[1] as string);
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
  return { counts, received, done, segmentNames, stated };
}

/**
 * Rebuilds a queue's index from its directory (`scanQueueDir`, then each log and segment read with its state file):
 * in-flight state is gone, so everything is visible. A message's count is the higher of its state file's and its
 * marker's, and it is done when either says so. Logs and segments whose messages are all done are deleted with their
 * state files and markers; state files and markers whose log or segment is gone (deleted before them in a crash) are
 * dropped.
 */
export async function loadQueueDir(dir: string): Promise<{ entries: Entry[]; segments: Map<string, Segment> }> {
  const { counts, received, done, segmentNames, stated } = await scanQueueDir(dir);
  const loaded: Entry[] = [...counts].map(([id, count]) => ({ id, count, visibleAt: 0, busy: false }));
  const segments = new Map<string, Segment>();
  const claimed = new Set<string>();
  for (const name of segmentNames) {
    const bytes = await readFile(join(dir, name));
    const records = name.endsWith(".log") ? decodeLog(bytes, name) : decodeSegment(bytes, name);
    const state = await readLogState(join(dir, stateName(name)));
    const segment: Segment = { live: new Set(), done: [] };
    for (const record of records) {
      const { id } = record;
      claimed.add(id);
      const marker = received.get(id);
      if (marker) segment.done.push(marker.name);
      if (done.has(id) || state.done.has(id)) {
        if (done.has(id)) segment.done.push(doneName(id));
        continue;
      }
      segment.live.add(id);
      const span = "span" in record ? (record.span as RecordSpan) : undefined;
      loaded.push({
        id,
        count: Math.max(marker?.count ?? 0, state.counts.get(id) ?? 0),
        visibleAt: 0,
        busy: false,
        segment: name,
        ...(span ? { span } : {}),
      });
    }
    if (segment.live.size > 0) segments.set(name, segment);
    else {
      await unlink(join(dir, name));
      await Promise.allSettled([stateName(name), ...segment.done].map((m) => unlink(join(dir, m))));
    }
  }
  const kept = new Set(segmentNames);
  for (const name of stated) if (!kept.has(name)) await unlink(join(dir, stateName(name))).catch(() => {});
  for (const [id, marker] of received) if (!claimed.has(id)) await unlink(join(dir, marker.name)).catch(() => {});
  for (const id of done) if (!claimed.has(id)) await unlink(join(dir, doneName(id))).catch(() => {});
  loaded.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { entries: loaded, segments };
}
