import * as Ingest from "@core/ingest";
import { queueWorker } from "../_lib/sqs-worker";
import { blobs } from "../_runtime/ports/blobs";
import { queues } from "../_runtime/ports/queues";
import { telemetry } from "../_runtime/ports/telemetry";

/**
 * Drains the ingest queue (SQS event source with partial batch responses, or the local queue): the whole
 * delivery is written together, failures are reported per message (docs/ingest.md).
 */
export const handler = queueWorker({
  schema: Ingest.IngestQueueMessage,
  uses: [telemetry, blobs, queues],
  deadLetters: (deps) => deps.queues.ingestDeadLetters,
  run: Ingest.handleIngestJobs,
  giveUp: Ingest.recordGivenUp,
});
