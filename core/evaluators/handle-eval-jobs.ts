import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { isAppError } from "../platform/errors";
import type { Delivered, GivenUp, JobFailure } from "../platform/jobs";
import type { EvalJob } from "./eval.jobs";
import { type ExecutionRecord, recordExecution } from "./executions";
import { loadEvaluatorById } from "./read-evaluators";
import { completedEvent, evaluateAndScore } from "./run-evaluator";

/** What the eval worker needs: the stores the evaluation reads and writes, and the judge providers. */
export type EvalWorkerDeps = Pick<Deps, "db" | "ch" | "blobs" | "log" | "clock" | "ids" | "keyRing" | "llm">;

/**
 * Runs a delivery of evaluation jobs (docs/evaluators.md, "Online evaluation"). Each ends in the execution
 * log: completed with its score and an `eval.completed` event; skipped when the evaluator was deleted or is
 * no longer online, or the trace is gone; failed at once when a code evaluator cannot score this data. A
 * judge that fails (provider down, rate limited, unusable answers) is retried by the queue with backoff, and
 * recorded as failed when the queue gives up on it.
 */
export async function handleEvalJobs(deps: EvalWorkerDeps, jobs: readonly Delivered<EvalJob>[]): Promise<JobFailure[]> {
  const failures: JobFailure[] = [];
  await Promise.all(
    jobs.map(async ({ id, job }) => {
      try {
        const outcome = await evaluate(deps, job);
        if (outcome) failures.push({ id, retry: outcome.retry });
      } catch (e) {
        failures.push({ id, retry: e instanceof Error ? e.message : String(e) });
      }
    }),
  );
  return failures;
}

async function evaluate(deps: EvalWorkerDeps, job: EvalJob): Promise<{ retry: string } | null> {
  const startedAt = deps.clock.now();
  const base = { trigger: job.trigger, traceId: job.traceId, observationId: job.observationId ?? null, startedAt };
  const log = (record: Partial<ExecutionRecord> & Pick<ExecutionRecord, "status">) => recordExecution(deps, job.projectId, job.evaluatorId, { ...base, ...record });
  const evaluator = await loadEvaluatorById(deps, job.projectId, job.evaluatorId);
  if (!evaluator) return (await log({ status: "skipped", error: "the evaluator was deleted" }), null);
  if (job.trigger === "online" && !evaluator.definition.online) return (await log({ status: "skipped", error: "the evaluator is no longer online" }), null);
  try {
    const { score, target } = await evaluateAndScore(deps, job.projectId, evaluator, { traceId: job.traceId, observationId: job.observationId ?? null });
    await deps.db.transaction(async (db) => {
      await Audit.appendEvents({ ...deps, db }, job.projectId, [completedEvent(job.projectId, evaluator, target, score)]);
      await recordExecution({ ...deps, db }, job.projectId, job.evaluatorId, { ...base, status: "completed", scoreId: score.id });
    });
    return null;
  } catch (error) {
    if (!isAppError(error)) throw error;
    // Deleted while queued: nothing to score, and nothing wrong.
    if (error.code === "not_found") return (await log({ status: "skipped", error: error.message }), null);
    // An expression gives the same answer on every try; a judge may answer next time.
    if (evaluator.definition.kind === "CODE" || error.code === "invalid_input") return (await log({ status: "failed", error: error.message }), null);
    deps.log.warn("evaluation failed; the queue retries it", { evaluatorId: job.evaluatorId, traceId: job.traceId, error: error.message });
    return { retry: error.message };
  }
}

/** A judge evaluation the queue gave up on (its last delivery failed): recorded as failed with the reason. */
export async function recordEvalGivenUp(deps: Pick<Deps, "db" | "clock" | "ids">, letter: GivenUp<EvalJob>): Promise<void> {
  const { job } = letter;
  await recordExecution(deps, job.projectId, job.evaluatorId, {
    trigger: job.trigger,
    traceId: job.traceId,
    observationId: job.observationId ?? null,
    status: "failed",
    error: `${letter.error} (after ${letter.attempts} ${letter.attempts === 1 ? "attempt" : "attempts"})`,
    startedAt: deps.clock.now(),
  });
}
