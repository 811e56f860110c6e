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
