import { createHash } from "node:crypto";
import type { BlobStore } from "../platform/ports";
import type { PartialRow } from "./partial-row";

/** Bodies larger than this go to the blob store (docs/ingest.md, "Storage layout"). */
export const OFFLOAD_THRESHOLD_BYTES = 256 * 1024;
const OFFLOAD_KEY = "$offloaded";
const FIELDS = ["input", "output", "metadata"] as const;

/** Where a trace's offloaded bodies live; deleting a trace deletes this prefix. */
export const payloadPrefix = (projectId: string, traceId: string) => `payloads/${projectId}/${traceId}/`;

const isLarge = (s: string) => s.length > OFFLOAD_THRESHOLD_BYTES / 4 && Buffer.byteLength(s) > OFFLOAD_THRESHOLD_BYTES;

/**
 * Moves large bodies of the rows to the blob store and leaves a reference in the
 * row. The key is derived from the content, so a redelivered batch rewrites the
 * same object instead of adding one.
 */
export async function offloadLargeBodies(
  blobs: BlobStore,
  rows: Iterable<{ row: PartialRow; traceId: string }>,
): Promise<number> {
  const puts: Promise<void>[] = [];
  for (const { row, traceId } of rows) {
    for (const field of FIELDS) {
      const entry = row.versioned.get(field);
      if (!entry || typeof entry[1] !== "string" || !isLarge(entry[1])) continue;
      const body = entry[1];
      const digest = createHash("sha256").update(body).digest("hex").slice(0, 32);
      const key = `${payloadPrefix(row.projectId, traceId)}${row.id}/${field}-${digest}.json`;
      puts.push(blobs.put(key, body, { contentType: "application/json" }));
      entry[1] = JSON.stringify({ [OFFLOAD_KEY]: key, bytes: Buffer.byteLength(body) });
    }
  }
  await Promise.all(puts);
  return puts.length;
}

/** The blob key when a stored column value is an offload reference, else null. */
export function offloadedKey(stored: string | null): string | null {
  if (!stored || stored.length > 2048 || !stored.startsWith(`{"${OFFLOAD_KEY}"`)) return null;
  try {
    const ref = JSON.parse(stored) as Record<string, unknown>;
    return typeof ref[OFFLOAD_KEY] === "string" ? (ref[OFFLOAD_KEY] as string) : null;
  } catch {
    return null;
  }
}
