import type { Deps } from "../platform/deps";
import type { StoredBatch } from "./stored-batch.schema";

/**
 * Applies a stored batch to the telemetry store. Until the telemetry tables land
 * (ingest issue), a batch is refused rather than acknowledged, so that the queue
 * retries it and keeps it in the dead-letter queue for replay: nothing accepted
 * is dropped.
 */
export async function processBatch(_deps: Pick<Deps, "ch">, batch: StoredBatch): Promise<void> {
  throw new Error(`telemetry tables are not installed; batch of ${batch.events.length} events kept for replay`);
}
