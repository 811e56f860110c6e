import * as Evaluators from "@core/evaluators";
import * as Ingest from "@core/ingest";
import { queueWorker } from "../_lib/sqs-worker";
import { blobs } from "../_runtime/ports/blobs";
import { bus } from "../_runtime/ports/bus";
import { queues } from "../_runtime/ports/queues";
import { telemetry } from "../_runtime/ports/telemetry";

/** Locally two deliveries overlap in this handler (functions/queue-workers.ts); on Lambda its turns are always ready. */
const order = new Ingest.DeliveryOrder();

/**
 * Drains the ingest queue (SQS event source with partial batch responses, or the local queue): the whole
 * delivery is written together, failures are reported per message (docs/ingest.md). What a write makes due
 * goes to the eval queue for the online evaluators and the experiments waiting for it (docs/evaluators.md).
 */
export const handler = queueWorker({
  schema: Ingest.IngestQueueMessage,
  fastParse: Ingest.fastIngestJob,
  uses: [telemetry, blobs, queues, bus],
  deadLetters: (deps) => deps.queues.ingestDeadLetters,
  run: (deps, jobs) =>
    Ingest.handleIngestJobs(deps, jobs, async (due) => void (await Evaluators.evaluateWritten(deps, due)), order),
  giveUp: Ingest.recordGivenUp,
});
