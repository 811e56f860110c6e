import type { Deps } from "../platform/deps";
import type { IngestJob } from "./ingest.jobs";
import { StoredBatch } from "./stored-batch.schema";

/**
 * The batch a job carries, or the one it points at. The API stores the blob before it sends the pointer (docs/ingest.md,
 * "Decisions"), so a missing or malformed object can never succeed on retry: the reason, beginning
 * `unrecoverable:`, is returned for the queue edge to dead-letter the job on this first attempt.
 */
export async function loadBatch(
  deps: Pick<Deps, "blobs" | "log">,
  job: IngestJob,
): Promise<{ batch: StoredBatch } | { unrecoverable: string }> {
  if (job.batch) {
    if (job.batch.projectId === job.projectId) return { batch: job.batch };
    deps.log.error("ingest batch unrecoverable", {
      blobKey: job.blobKey,
      projectId: job.projectId,
      reason: "inline batch of another project",
    });
    return { unrecoverable: `unrecoverable: queued batch ${job.blobKey} belongs to another project` };
  }
  const bytes = await deps.blobs.get(job.blobKey);
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
    deps.log.error("ingest batch unrecoverable", { blobKey: job.blobKey, projectId: job.projectId, reason });
    return { unrecoverable: reason };
  }
  return { batch: batch! };
}
