import { crc32 } from "node:zlib";

/**
 * The bytes of one group commit of the durable local queue (docs/ingest.md, "Group commit"). A message's
 * body is already JSON text (an ingest batch is tens of KB); written as a JSON string inside a JSON array it
 * was encoded a second time (every quote escaped) and decoded a second time on receive. Here each message is
 * a one-line JSON header naming its body's length in bytes, then the body as it was sent:
 *
 *     SLQ2\n{"id":…,"attributes":{…},"sentAt":…,"bytes":N}\n<N bytes of body>\n…
 *
 * Segments written before (a JSON array) are still read.
 */
export type SegmentRecord = {
  id: string;
  body: string;
  attributes: Record<string, string>;
  sentAt: string;
  visibleAt?: number;
};

const MAGIC = "SLQ2\n";
const NEWLINE = 0x0a;

/** A segment as the queue wrote them before logs: read still, written now only by tests of that upgrade. */
export function encodeSegment(records: readonly SegmentRecord[]): string {
  const parts: string[] = [MAGIC];
  for (const { body, ...header } of records)
    parts.push(JSON.stringify({ ...header, bytes: Buffer.byteLength(body) }), "\n", body, "\n");
  return parts.join("");
}

/** The records of a segment file; throws on a truncated or malformed one (a segment is renamed into place whole). */
export function decodeSegment(bytes: Buffer, name: string): SegmentRecord[] {
  if (bytes.toString("latin1", 0, MAGIC.length) !== MAGIC) return JSON.parse(bytes.toString("utf8")) as SegmentRecord[];
  const records: SegmentRecord[] = [];
  let at = MAGIC.length;
  while (at < bytes.length) {
    const end = bytes.indexOf(NEWLINE, at);
    if (end < 0) throw new Error(`DurableLocalQueue: segment ${name} is truncated`);
    const { bytes: length, ...header } = JSON.parse(bytes.toString("utf8", at, end)) as Omit<SegmentRecord, "body"> & {
      bytes: number;
    };
    const bodyEnd = end + 1 + length;
    if (!Number.isInteger(length) || bytes[bodyEnd] !== NEWLINE)
      throw new Error(`DurableLocalQueue: segment ${name} is malformed`);
    records.push({ ...header, body: bytes.toString("utf8", end + 1, bodyEnd) });
    at = bodyEnd + 1;
  }
  return records;
}

/*
 * The log a queue appends its group commits to (docs/ingest.md, "Group commit"): one file takes many groups, so a
 * commit is one write and one `fdatasync` of a file already open, not a new file, a rename and a directory fsync.
 *
 *     SLQ3\n
 *     G <payload bytes> <crc32 of the payload, hex>\n<payload>      one frame per group commit
 *
 * A frame's payload is its messages as a segment holds them (a header line, the body, a newline). A crash can only
 * cut the last frame short (frames are appended one after another, each durable before the next is written); a frame
 * whose bytes or checksum do not add up at the end of the file is a commit that was never answered, and is dropped
 * whole, so a group is stored all or nothing.
 */
const LOG_MAGIC = "SLQ3\n";
export const LOG_HEADER = Buffer.from(LOG_MAGIC);

/** Where a message's record lies in its log: read back with one positioned read (`decodeRecord`). */
export type RecordSpan = { offset: number; length: number };

/** The frame of one group commit, and where each message's record lies in it. */
export function encodeFrame(records: readonly SegmentRecord[]): { frame: Buffer; spans: RecordSpan[] } {
  const parts: string[] = [];
  const lengths: number[] = [];
  for (const { body, ...header } of records) {
    const line = `${JSON.stringify({ ...header, bytes: Buffer.byteLength(body) })}\n`;
    parts.push(line, body, "\n");
    lengths.push(Buffer.byteLength(line) + Buffer.byteLength(body) + 1);
  }
  const payload = Buffer.from(parts.join(""));
  const head = Buffer.from(`G ${payload.length} ${crc32(payload).toString(16)}\n`);
  let offset = head.length;
  const spans = lengths.map((length) => {
    const span = { offset, length };
    offset += length;
    return span;
  });
  return { frame: Buffer.concat([head, payload]), spans };
}

/** One message's record (a header line, the body, a newline), as `encodeFrame` wrote it. */
export function decodeRecord(bytes: Buffer, name: string): SegmentRecord {
  const { record, end } = recordAt(bytes, 0, name);
  if (end !== bytes.length) throw new Error(`DurableLocalQueue: log ${name} is malformed`);
  return record;
}

/** The record starting at `start` and where it ends (one past its closing newline), its header parsed once. */
function recordAt(bytes: Buffer, start: number, name: string): { record: SegmentRecord; end: number } {
  const lineEnd = bytes.indexOf(NEWLINE, start);
  if (lineEnd < 0) throw new Error(`DurableLocalQueue: log ${name} is malformed`);
  const { bytes: length, ...header } = JSON.parse(bytes.toString("utf8", start, lineEnd)) as Omit<
    SegmentRecord,
    "body"
  > & { bytes: number };
  const end = lineEnd + 1 + length + 1;
  if (end > bytes.length || bytes[end - 1] !== NEWLINE) throw new Error(`DurableLocalQueue: log ${name} is malformed`);
  return { record: { ...header, body: bytes.toString("utf8", lineEnd + 1, end - 1) }, end };
}

/**
 * The records of a log with their spans, in commit order. A last frame cut short or failing its checksum (a commit a
 * crash interrupted) is left out; a bad frame with whole frames after it is damage, and throws.
 */
export function decodeLog(bytes: Buffer, name: string): (SegmentRecord & { span: RecordSpan })[] {
  // Cut short before its header was whole: created, never committed to.
  if (bytes.length < LOG_HEADER.length) return [];
  if (!bytes.subarray(0, LOG_HEADER.length).equals(LOG_HEADER))
    throw new Error(`DurableLocalQueue: log ${name} is malformed`);
  const records: (SegmentRecord & { span: RecordSpan })[] = [];
  let at = LOG_HEADER.length;
  while (at < bytes.length) {
    const end = bytes.indexOf(NEWLINE, at);
    const head = end < 0 ? null : /^G (\d+) ([0-9a-f]+)$/.exec(bytes.toString("latin1", at, end));
    const payloadEnd = head ? end + 1 + Number(head[1]) : Number.POSITIVE_INFINITY;
    const whole = head !== null && payloadEnd <= bytes.length;
    if (!whole || crc32(bytes.subarray(end + 1, payloadEnd)).toString(16) !== head[2]) {
      // Only the last frame may be torn: after it the file must end.
      if (payloadEnd < bytes.length) throw new Error(`DurableLocalQueue: log ${name} is malformed`);
      return records;
    }
    const payload = bytes.subarray(0, payloadEnd);
    for (let r = end + 1; r < payloadEnd; ) {
      const { record, end: next } = recordAt(payload, r, name);
      records.push({ ...record, span: { offset: r, length: next - r } });
      r = next;
    }
    at = payloadEnd;
  }
  return records;
}
