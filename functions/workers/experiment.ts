import * as Experiments from "@core/experiments";
import { queueWorker } from "../_lib/sqs-worker";
import { blobs } from "../_runtime/ports/blobs";
import { bus } from "../_runtime/ports/bus";
import { llm } from "../_runtime/ports/llm";
import { queues } from "../_runtime/ports/queues";
import { telemetry } from "../_runtime/ports/telemetry";

/**
 * Drains the experiment queue: each message is a lane of a run that calls the run's model for one item after
 * another, records the calls as traces and links them to the run (docs/experiments.md, "How a run works").
 */
export const handler = queueWorker({
  schema: Experiments.ExperimentJob,
  uses: [telemetry, blobs, llm, queues, bus],
  deadLetters: (deps) => deps.queues.experimentDeadLetters,
  run: Experiments.handleExperimentJobs,
  giveUp: Experiments.recordExperimentGivenUp,
});
