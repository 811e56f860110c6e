import type { Deps } from "../platform/deps";
import { DEAD_LETTER_ERROR, type IngestJob } from "./ingest.jobs";
import { StoredBatch } from "./stored-batch.schema";

/**
 * The API writes the blob and its pointer side by side, so a pointer can be
 * received a moment before its blob lands; within the first attempt the read is
 * repeated after these pauses before the blob counts as missing.
 */
const LANDING_PAUSES_MS = [50, 250, 1000];

async function readLanded(deps: Pick<Deps, "blobs">, key: string): Promise<Uint8Array | null> {
  let bytes = await deps.blobs.get(key);
  for (const pause of LANDING_PAUSES_MS) {
    if (bytes) break;
    await new Promise((r) => setTimeout(r, pause));
    bytes = await deps.blobs.get(key);
  }
  return bytes;
}

/**
 * Reads the batch a job points at. A missing or malformed object can never
 * succeed on retry: the job goes to the dead-letter queue on this first attempt,
 * with an error beginning `unrecoverable:`, and the reason is returned so the
 * message is acknowledged.
 */
export async function loadBatch(deps: Pick<Deps, "blobs" | "queues" | "log">, job: IngestJob, rawJob: string): Promise<{ batch: StoredBatch } | { unrecoverable: string }> {
  const bytes = await readLanded(deps, job.blobKey);
  let reason: string | null = null;
  let batch: StoredBatch | null = null;
  if (!bytes) reason = `unrecoverable: stored batch ${job.blobKey} is missing`;
  else {
    try {
      const parsed = StoredBatch.safeParse(JSON.parse(Buffer.from(bytes).toString("utf8")));
      if (parsed.success && parsed.data.projectId === job.projectId) batch = parsed.data;
      else reason = `unrecoverable: stored batch ${job.blobKey} is malformed`;
    } catch {
      reason = `unrecoverable: stored batch ${job.blobKey} is not valid JSON`;
    }
  }
  if (reason) {
    deps.log.error("ingest batch dead-lettered", { blobKey: job.blobKey, projectId: job.projectId, reason });
    await deps.queues.ingestDeadLetters.send([{ body: rawJob, attributes: { [DEAD_LETTER_ERROR]: reason } }]);
    return { unrecoverable: reason };
  }
  return { batch: batch! };
}
