import * as Datasets from "../datasets";
import type { Deps } from "../platform/deps";
import { eachLimit } from "../platform/each-limit";
import { isAppError } from "../platform/errors";
import type { Delivered, GivenUp, JobFailure } from "../platform/jobs";
import * as Traces from "../traces";
import { failBackfill, runBackfill } from "./backfill";
import {
  type BackfillJob,
  bundled,
  type EvalBundle,
  type EvalJob,
  isBackfillJob,
  isBundle,
  type TargetJob,
} from "./eval.jobs";
import { EvaluationBatch, JUDGE_CONCURRENCY } from "./evaluation-batch";
import { recordExecution, recordManyExecutions } from "./executions";
import { type LoadedEvaluator, loadEvaluatorsById } from "./read-evaluators";
import { targetFrom } from "./run-evaluator";

/** What the eval worker needs: the stores the evaluation reads and writes, the judge providers, and the eval queue (backfill chunks). */
export type EvalWorkerDeps = Pick<
  Deps,
  "db" | "telemetry" | "blobs" | "log" | "clock" | "ids" | "keyRing" | "llm" | "queues" | "config" | "caches"
>;

/**
 * Runs a delivery of evaluation jobs (docs/evaluators.md, "Online evaluation"), a project's jobs together: one
 * read of their evaluators, one of their traces' bodies, one score insert, one log insert. Each job ends in the
 * execution log: completed with its score and an `eval.completed` event; skipped when the evaluator was deleted
 * or no longer takes this trigger, or the trace (or dataset item) is gone; failed at once when a code
 * evaluator cannot score this data. A judge that fails (provider down, rate limited, unusable answers) is
 * retried by the queue with backoff, and recorded as failed when the queue gives up on it. A backfill job runs
 * chunks of its backfill (docs/evaluators.md, "Backfill").
 */
export async function handleEvalJobs(deps: EvalWorkerDeps, jobs: readonly Delivered<EvalJob>[]): Promise<JobFailure[]> {
  const failures: JobFailure[] = [];
  const byProject = new Map<string, Delivered<TargetJob>[]>();
  const backfills: Delivered<BackfillJob>[] = [];
  const bundles = new Map<string, EvalBundle>();
  for (const d of jobs) {
    if (isBackfillJob(d.job)) backfills.push(d as Delivered<BackfillJob>);
    else if (isBundle(d.job)) {
      bundles.set(d.id, d.job);
      for (const job of d.job.jobs)
        byProject.set(job.projectId, [...(byProject.get(job.projectId) ?? []), { ...d, job }]);
    } else byProject.set(d.job.projectId, [...(byProject.get(d.job.projectId) ?? []), d as Delivered<TargetJob>]);
  }
  const fail = (ids: readonly string[], e: unknown) => {
    for (const id of new Set(ids)) failures.push({ id, retry: e instanceof Error ? e.message : String(e) });
  };
  const retries: Retry[] = [];
  await Promise.all([
    ...backfills.map(async ({ id, job }) => runBackfill(deps, job).catch((e: unknown) => fail([id], e))),
    ...[...byProject].map(async ([projectId, delivered]) => {
      try {
        retries.push(...(await evaluateDelivery(deps, projectId, delivered)));
      } catch (e) {
        fail(
          delivered.map((d) => d.id),
          e,
        );
      }
    }),
  ]);
  const failed = new Set(failures.map((f) => f.id));
  // A single job's retry is the queue's; a bundle's are sent again as a smaller bundle, so the rest is not redone.
  for (const r of retries) if (!bundles.has(r.id) && !failed.has(r.id)) failures.push({ id: r.id, retry: r.error });
  for (const [id, bundle] of bundles) {
    const again = retries.filter((r) => r.id === id);
    if (again.length === 0 || failed.has(id)) continue;
    try {
      await retryLater(deps, bundle.attempt, again);
    } catch (e) {
      fail([id], e);
    }
  }
  return failures;
}

interface Retry {
  /** The message that carried the job. */
  id: string;
  job: TargetJob;
  error: string;
}

/** The backoff of the queue's own retries: 1, 2, 4 … 30 s. */
const backoffSeconds = (attempt: number) => Math.min(30, 2 ** (attempt - 1));

/** Sends evaluations to be tried again, delayed, or records them failed once their tries are used up. */
async function retryLater(deps: EvalWorkerDeps, attempt: number, retries: readonly Retry[]) {
  if (attempt >= deps.config.maxReceiveCount) {
    const reason = (r: Retry) => `${r.error} (after ${attempt} ${attempt === 1 ? "attempt" : "attempts"})`;
    const byProject = new Map<string, Retry[]>();
    for (const r of retries) byProject.set(r.job.projectId, [...(byProject.get(r.job.projectId) ?? []), r]);
    for (const [projectId, rs] of byProject)
      await recordManyExecutions(
        deps,
        projectId,
        rs.map((r) => ({ ...recordBase(r.job, deps.clock.now()), status: "failed" as const, error: reason(r) })),
      );
    return;
  }
  await deps.queues.eval.send(
    bundled(
      retries.map((r) => r.job),
      attempt + 1,
      backoffSeconds(attempt),
    ),
  );
}

const recordBase = (job: TargetJob, startedAt: Date) => ({
  evaluatorId: job.evaluatorId,
  trigger: job.trigger,
  traceId: job.traceId,
  observationId: job.observationId ?? null,
  sessionId: job.sessionId ?? null,
  startedAt,
});

/** Why an evaluator no longer takes a job of this trigger, or null when it does. */
function refusal(evaluator: LoadedEvaluator, job: TargetJob): string | null {
  const d = evaluator.definition;
  if (job.trigger === "online" && !d.online) return "the evaluator is no longer online";
  if (job.trigger === "thread" && (!d.online || d.scope !== "thread"))
    return "the evaluator no longer judges threads online";
  if (job.trigger !== "thread" && d.scope === "thread") return "the evaluator now has thread scope";
  if (d.scope === "observation" && !job.observationId)
    return "the evaluator has observation scope and the target names no observation";
  return null;
}

async function evaluateDelivery(
  deps: EvalWorkerDeps,
  projectId: string,
  delivered: readonly Delivered<TargetJob>[],
): Promise<Retry[]> {
  const startedAt = deps.clock.now();
  const batch = new EvaluationBatch(deps, projectId);
  const retries: Retry[] = [];
  const base = (job: TargetJob) => recordBase(job, startedAt);

  const evaluators = await loadEvaluatorsById(
    deps,
    projectId,
    delivered.map((d) => d.job.evaluatorId),
  );
  const runnable: { id: string; job: TargetJob; evaluator: LoadedEvaluator }[] = [];
  for (const { id, job } of delivered) {
    const evaluator = evaluators.get(job.evaluatorId);
    const refused = evaluator ? refusal(evaluator, job) : "the evaluator was deleted";
    if (refused) batch.record({ ...base(job), status: "skipped", error: refused });
    else runnable.push({ id, job, evaluator: evaluator! });
  }
  const withObservations = runnable.some(
    ({ job, evaluator }) =>
      job.observationId || evaluator.definition.variableMapping.some((b) => b.source.startsWith("observation.")),
  );
  const [bodies, items, turns] = await Promise.all([
    Traces.readTraceBodies(
      deps,
      projectId,
      runnable.map((r) => r.job.traceId),
      { observations: withObservations },
    ),
    datasetItems(
      deps,
      projectId,
      runnable.map((r) => r.job),
    ),
    Promise.all(
      runnable.map(({ job }) => (job.sessionId ? Traces.readSessionTurns(deps, projectId, job.sessionId) : null)),
    ),
  ]);

  const order = runnable.map((r, i) => ({ ...r, turns: turns[i] ?? null }));
  const code = order.filter((r) => r.evaluator.definition.kind === "CODE");
  const judged = order.filter((r) => r.evaluator.definition.kind !== "CODE");
  const run = async ({ id, job, evaluator, turns }: (typeof order)[number]) => {
    const trace = bodies.get(job.traceId);
    if (!trace) return batch.record({ ...base(job), status: "skipped", error: `Trace '${job.traceId}' not found` });
    const dataset = job.datasetItem ? items.get(`${job.datasetItem.runId}\u0000${job.datasetItem.id}`) : null;
    if (job.datasetItem && !dataset)
      return batch.record({ ...base(job), status: "skipped", error: "the dataset item or its run was deleted" });
    try {
      const target = targetFrom(
        trace,
        { traceId: job.traceId, observationId: job.observationId ?? null, dataset, sessionId: job.sessionId ?? null },
        turns,
      );
      const score = await batch.score(evaluator, target, trace.environment);
      batch.record({ ...base(job), status: "completed", scoreId: score.id });
    } catch (error) {
      if (!isAppError(error)) throw error;
      // Deleted while queued: nothing to score, and nothing wrong.
      if (error.code === "not_found") return batch.record({ ...base(job), status: "skipped", error: error.message });
      // An expression gives the same answer on every try; a judge may answer next time.
      if (evaluator.definition.kind === "CODE" || error.code === "invalid_input")
        return batch.record({ ...base(job), status: "failed", error: error.message });
      deps.log.warn("evaluation failed; the queue retries it", {
        evaluatorId: job.evaluatorId,
        traceId: job.traceId,
        error: error.message,
      });
      retries.push({ id, job, error: error.message });
    }
  };
  for (const r of code) await run(r);
  await eachLimit(judged, JUDGE_CONCURRENCY, run);
  // A failure before the log is written leaves the jobs to the queue, which scores them again under the same ids.
  await batch.commit();
  return retries;
}

/** The dataset items experiment jobs bind, by `<runId>\0<itemId>` (one query per run). */
async function datasetItems(
  deps: Pick<Deps, "db">,
  projectId: string,
  jobs: readonly TargetJob[],
): Promise<Map<string, Datasets.ItemData>> {
  const byRun = new Map<string, string[]>();
  for (const j of jobs)
    if (j.datasetItem) byRun.set(j.datasetItem.runId, [...(byRun.get(j.datasetItem.runId) ?? []), j.datasetItem.id]);
  const out = new Map<string, Datasets.ItemData>();
  for (const [runId, ids] of byRun)
    for (const [id, data] of await Datasets.runItemData(deps.db, projectId, runId, ids))
      out.set(`${runId}\u0000${id}`, data);
  return out;
}

/** A job the queue gave up on (its last delivery failed): an evaluation recorded as failed, a backfill marked failed, with the reason. */
export async function recordEvalGivenUp(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  letter: GivenUp<EvalJob>,
): Promise<void> {
  const { job } = letter;
  const reason = `${letter.error} (after ${letter.attempts} ${letter.attempts === 1 ? "attempt" : "attempts"})`;
  if (isBackfillJob(job)) return failBackfill(deps, job, reason);
  if (isBundle(job)) {
    for (const one of job.jobs)
      await recordExecution(deps, one.projectId, one.evaluatorId, {
        ...recordBase(one, deps.clock.now()),
        status: "failed",
        error: reason,
      });
    return;
  }
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
