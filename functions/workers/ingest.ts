import * as Ingest from "@core/ingest";
import { sqsWorker } from "../_lib/sqs-worker";

/**
 * Drains the ingest queue (SQS event source with partial batch responses, or the
 * local queue). Unrecoverable batches are dead-lettered at once by `loadBatch`.
 */
export const handler = sqsWorker(Ingest.IngestJob, async (deps, job, meta) => {
  const batch = await Ingest.loadBatch(deps, job, meta.body);
  if (batch) await Ingest.processBatch(deps, batch);
});
