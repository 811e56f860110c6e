export { IngestJob, DEAD_LETTER_ERROR } from "./ingest.jobs";
export { StoredBatch } from "./stored-batch.schema";
export { loadBatch } from "./load-batch";
export { processBatch } from "./process-batch";
