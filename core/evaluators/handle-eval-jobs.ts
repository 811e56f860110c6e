import * as Audit from "../audit";
import * as Datasets from "../datasets";
import type { Deps } from "../platform/deps";
import { isAppError } from "../platform/errors";
import type { Delivered, GivenUp, JobFailure } from "../platform/jobs";
import { failBackfill, runBackfill } from "./backfill";
import { isBackfillJob, type EvalJob, type TargetJob } from "./eval.jobs";
import { type ExecutionRecord, recordExecution } from "./executions";
import { loadEvaluatorById, type LoadedEvaluator } from "./read-evaluators";
import { completedEvent, evaluateAndScore } from "./run-evaluator";

/** What the eval worker needs: the stores the evaluation reads and writes, the judge providers, and the eval queue (backfill chunks). */
export type EvalWorkerDeps = Pick<Deps, "db" | "ch" | "blobs" | "log" | "clock" | "ids" | "keyRing" | "llm" | "queues">;

/**
 * Runs a delivery of evaluation jobs (docs/evaluators.md, "Online evaluation"). Each ends in the execution
 * log: completed with its score and an `eval.completed` event; skipped when the evaluator was deleted or no
 * longer takes this trigger, or the trace (or dataset item) is gone; failed at once when a code evaluator
 * cannot score this data. A judge that fails (provider down, rate limited, unusable answers) is retried by
 * the queue with backoff, and recorded as failed when the queue gives up on it. A backfill job runs chunks
 * of its backfill (docs/evaluators.md, "Backfill").
 */
export async function handleEvalJobs(deps: EvalWorkerDeps, jobs: readonly Delivered<EvalJob>[]): Promise<JobFailure[]> {
  const failures: JobFailure[] = [];
  await Promise.all(
    jobs.map(async ({ id, job }) => {
      try {
        const outcome = isBackfillJob(job) ? (await runBackfill(deps, job), null) : await evaluate(deps, job);
        if (outcome) failures.push({ id, retry: outcome.retry });
      } catch (e) {
        failures.push({ id, retry: e instanceof Error ? e.message : String(e) });
      }
    }),
  );
  return failures;
}

/** Why an evaluator no longer takes a job of this trigger, or null when it does. */
function refusal(evaluator: LoadedEvaluator, job: TargetJob): string | null {
  const d = evaluator.definition;
  if (job.trigger === "online" && !d.online) return "the evaluator is no longer online";
  if (job.trigger === "thread" && (!d.online || d.scope !== "thread")) return "the evaluator no longer judges threads online";
  if (job.trigger !== "thread" && d.scope === "thread") return "the evaluator now has thread scope";
  if (d.scope === "observation" && !job.observationId) return "the evaluator has observation scope and the target names no observation";
  return null;
}

async function evaluate(deps: EvalWorkerDeps, job: TargetJob): Promise<{ retry: string } | null> {
  const startedAt = deps.clock.now();
  const base = { trigger: job.trigger, traceId: job.traceId, observationId: job.observationId ?? null, sessionId: job.sessionId ?? null, startedAt };
  const log = (record: Partial<ExecutionRecord> & Pick<ExecutionRecord, "status">) => recordExecution(deps, job.projectId, job.evaluatorId, { ...base, ...record });
  const evaluator = await loadEvaluatorById(deps, job.projectId, job.evaluatorId);
  if (!evaluator) return (await log({ status: "skipped", error: "the evaluator was deleted" }), null);
  const refused = refusal(evaluator, job);
  if (refused) return (await log({ status: "skipped", error: refused }), null);
  let dataset: Datasets.ItemData | null = null;
  if (job.datasetItem) {
    dataset = (await Datasets.runItemData(deps.db, job.projectId, job.datasetItem.runId, [job.datasetItem.id])).get(job.datasetItem.id) ?? null;
    if (!dataset) return (await log({ status: "skipped", error: "the dataset item or its run was deleted" }), null);
  }
  try {
    const { score, target } = await evaluateAndScore(deps, job.projectId, evaluator, { traceId: job.traceId, observationId: job.observationId ?? null, dataset, sessionId: job.sessionId ?? null });
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

/** A job the queue gave up on (its last delivery failed): an evaluation recorded as failed, a backfill marked failed, with the reason. */
export async function recordEvalGivenUp(deps: Pick<Deps, "db" | "clock" | "ids">, letter: GivenUp<EvalJob>): Promise<void> {
  const { job } = letter;
  const reason = `${letter.error} (after ${letter.attempts} ${letter.attempts === 1 ? "attempt" : "attempts"})`;
  if (isBackfillJob(job)) return failBackfill(deps, job, reason);
  await recordExecution(deps, job.projectId, job.evaluatorId, {
    trigger: job.trigger,
    traceId: job.traceId,
    observationId: job.observationId ?? null,
    sessionId: job.sessionId ?? null,
    status: "failed",
    error: reason,
    startedAt: deps.clock.now(),
  });
}
