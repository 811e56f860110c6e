import * as Evaluators from "@core/evaluators";
import { queueWorker } from "../_lib/sqs-worker";
import { blobs } from "../_runtime/ports/blobs";
import { bus } from "../_runtime/ports/bus";
import { llm } from "../_runtime/ports/llm";
import { queues } from "../_runtime/ports/queues";
import { telemetry } from "../_runtime/ports/telemetry";

/**
 * Drains the eval queue: runs each evaluation (judges through the providers, code inline), writes its score
 * and its execution; a judge that fails is retried by the queue (docs/evaluators.md, "Online evaluation").
 */
export const handler = queueWorker({
  schema: Evaluators.EvalJob,
  uses: [telemetry, blobs, llm, queues, bus],
  deadLetters: (deps) => deps.queues.evalDeadLetters,
  run: Evaluators.handleEvalJobs,
  giveUp: Evaluators.recordEvalGivenUp,
});
