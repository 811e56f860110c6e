import { and, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import * as Audit from "../audit";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { eachLimit } from "../platform/each-limit";
import { conflict, invalid, isAppError } from "../platform/errors";
import type { Principal } from "../platform/principal";
import * as Traces from "../traces";
import { evaluatorBackfills } from "./automatic.sql";
import type { BackfillJob } from "./eval.jobs";
import { EvaluationBatch, JUDGE_CONCURRENCY } from "./evaluation-batch";
import {
  BACKFILL_CAP,
  type BackfillPreviewInput,
  type BackfillQueued,
  type BackfillView,
  type StartBackfillInput,
} from "./evaluators.schema";
import { inSample } from "./online";
import { type LoadedEvaluator, loadEvaluator, loadEvaluatorById } from "./read-evaluators";
import { targetFrom } from "./run-evaluator";

type BackfillDeps = Pick<
  Deps,
  "db" | "telemetry" | "blobs" | "log" | "clock" | "ids" | "keyRing" | "llm" | "queues" | "config" | "caches"
>;

/** Traces scored per chunk: one read of their bodies, one score insert, one log insert. */
const CHUNK = 250;
/** How long a worker holds a run between chunks; a run whose lease ran out is resumed by the schedule. */
const LEASE_MS = 120_000;
/** Wall time one delivery spends before it hands the rest to a fresh job (well under the worker's timeout). */
const DELIVERY_BUDGET_MS = 60_000;
/** Newest traces of a window a backfill considers before sampling. */
const WINDOW_LIMIT = 1_000_000;

type Filters = Omit<StartBackfillInput, "days">;

/** The window's matching traces, newest first, and those in the evaluator's sample. */
async function selectTraces(
  deps: Pick<Deps, "telemetry" | "clock">,
  projectId: string,
  evaluator: LoadedEvaluator,
  days: number,
  filters: Filters,
) {
  const d = evaluator.definition;
  const from = new Date(deps.clock.now().getTime() - days * 86_400_000).toISOString();
  const filter = Array.isArray(filters.filter) ? JSON.stringify(filters.filter) : filters.filter;
  // filterName names traces in trace scope; in observation scope it picks observations inside each trace.
  const byName = d.scope === "trace" ? d.filterName : null;
  if (byName && filters.name !== undefined && filters.name !== byName) return { matching: 0, sampled: [] };
  const named: Traces.TraceFilters = { ...filters, filter, from, ...(byName ? { name: byName } : {}) };
  const matching = await Traces.matchingTraceIds(deps, projectId, named, WINDOW_LIMIT);
  return { matching: matching.length, sampled: matching.filter((id) => inSample(id, evaluator.id, d.samplingRate)) };
}

function refuseThread(evaluator: LoadedEvaluator) {
  if (evaluator.definition.scope === "thread")
    throw invalid(`Evaluator '${evaluator.name}' has thread scope: thread-scope evaluators cannot be backfilled`);
}

/**
 * What a backfill would score (`GET /v1/evaluators/backfills/preview`).
 * @throws not_found for an unknown evaluator; invalid_input for a thread-scope one or a bad filter.
 */
export async function previewBackfill(
  deps: Pick<Deps, "db" | "telemetry" | "clock">,
  projectId: string,
  q: BackfillPreviewInput,
) {
  const evaluator = await loadEvaluator(deps, projectId, q.evaluator);
  refuseThread(evaluator);
  const { evaluator: _name, days, ...filters } = q;
  const { matching, sampled } = await selectTraces(deps, projectId, evaluator, days, filters);
  return { traces: matching, cap: BACKFILL_CAP, wouldScore: Math.min(sampled.length, BACKFILL_CAP) };
}

/**
 * Queues a backfill (docs/evaluators.md, "Backfill"): its traces are chosen now (the newest `cap` of the
 * window's sample) and scored in chunks by the eval worker; answers at once.
 * @throws not_found; invalid_input for a thread-scope evaluator or a bad filter; conflict while another
 * backfill of the evaluator is queued or running.
 */
export async function startBackfill(
  deps: Pick<Deps, "db" | "telemetry" | "clock" | "ids" | "queues" | "log">,
  principal: Principal,
  name: string,
  body: StartBackfillInput,
): Promise<BackfillQueued> {
  const { projectId } = principal;
  const evaluator = await loadEvaluator(deps, projectId, name);
  refuseThread(evaluator);
  const { days, ...filters } = body;
  const { sampled } = await selectTraces(deps, projectId, evaluator, days, filters);
  const traceIds = sampled.slice(0, BACKFILL_CAP);
  const now = deps.clock.now();
  const id = deps.ids.uuid();
  try {
    await deps.db.transaction(async (db) => {
      await db.insert(evaluatorBackfills).values({
        id,
        projectId,
        evaluatorId: evaluator.id,
        evaluatorName: evaluator.name,
        status: "queued",
        days,
        filter: filters,
        traceIds,
        total: traceIds.length,
        processed: 0,
        failed: 0,
        cap: BACKFILL_CAP,
        capped: sampled.length > BACKFILL_CAP,
        createdAt: now,
        updatedAt: now,
      });
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "evaluator.backfill_queued",
        target: { type: "evaluator", id: evaluator.id },
        details: { name, backfillId: id, days, total: traceIds.length },
      });
      // Inside the transaction: a failed send leaves no run that nothing would start.
      const job: BackfillJob = { projectId, backfillId: id };
      await deps.queues.eval.send([{ body: JSON.stringify(job) }]);
    });
  } catch (error) {
    if (isUniqueViolation(error, "evaluator_backfills_active_idx"))
      throw conflict(`A backfill of evaluator '${name}' is already queued or running`);
    throw error;
  }
  return { id, evaluator: evaluator.name, status: "queued", total: traceIds.length, cap: BACKFILL_CAP };
}

const viewOf = (
  r: Omit<
    typeof evaluatorBackfills.$inferSelect,
    "traceIds" | "filter" | "days" | "leaseUntil" | "updatedAt" | "projectId" | "evaluatorId"
  >,
): BackfillView => ({
  id: r.id,
  evaluator: r.evaluatorName,
  status: r.status,
  total: r.total,
  processed: r.processed,
  failed: r.failed,
  cap: r.cap,
  capped: r.capped,
  error: r.error,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** The project's backfills, newest first (`GET /v1/evaluators/backfills`). */
export async function listBackfills(
  deps: Pick<Deps, "db">,
  projectId: string,
  q: { evaluator?: string; limit: number },
): Promise<{ data: BackfillView[] }> {
  const t = evaluatorBackfills;
  const rows = await deps.db
    .select({
      id: t.id,
      evaluatorName: t.evaluatorName,
      status: t.status,
      total: t.total,
      processed: t.processed,
      failed: t.failed,
      cap: t.cap,
      capped: t.capped,
      error: t.error,
      createdAt: t.createdAt,
      finishedAt: t.finishedAt,
    })
    .from(t)
    .where(and(eq(t.projectId, projectId), q.evaluator ? eq(t.evaluatorName, q.evaluator) : undefined))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(q.limit);
  return { data: rows.map(viewOf) };
}

/** Takes the run for this worker unless another holds it; null when it is finished or held. */
async function claim(deps: Pick<Deps, "db" | "clock">, job: BackfillJob) {
  const now = deps.clock.now();
  const t = evaluatorBackfills;
  const [row] = await deps.db
    .update(t)
    .set({ status: "running", leaseUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now })
    .where(
      and(
        eq(t.id, job.backfillId),
        eq(t.projectId, job.projectId),
        inArray(t.status, ["queued", "running"]),
        or(isNull(t.leaseUntil), lt(t.leaseUntil, now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Ends a run: completed, or failed with the reason. */
async function finish(
  deps: Pick<Deps, "db" | "clock">,
  job: BackfillJob,
  status: "completed" | "failed",
  error: string | null = null,
) {
  const now = deps.clock.now();
  // An ended run needs its trace list no more; dropping it keeps deleted traces' ids out of the table.
  await deps.db
    .update(evaluatorBackfills)
    .set({ status, error, traceIds: [], leaseUntil: null, updatedAt: now, finishedAt: now })
    .where(and(eq(evaluatorBackfills.id, job.backfillId), eq(evaluatorBackfills.projectId, job.projectId)));
}

/** A backfill job the queue gave up on: the run is failed with the reason. */
export async function failBackfill(deps: Pick<Deps, "db" | "clock">, job: BackfillJob, reason: string): Promise<void> {
  await finish(deps, job, "failed", reason);
}

/**
 * Scores a backfill from where it stands, chunk by chunk, renewing its lease after each; past the delivery's
 * budget it hands the rest to a new job. A chunk is scored before its progress is saved, so a worker that dies
 * mid-chunk leaves it to be scored again, overwriting the same score ids.
 */
export async function runBackfill(deps: BackfillDeps, job: BackfillJob): Promise<void> {
  const run = await claim(deps, job);
  if (!run) return;
  const evaluator = await loadEvaluatorById(deps, job.projectId, run.evaluatorId);
  if (!evaluator) return finish(deps, job, "failed", "the evaluator was deleted");
  const traceIds = run.traceIds as string[];
  const started = performance.now();
  let { processed, failed } = run;
  while (processed < traceIds.length) {
    const chunk = traceIds.slice(processed, processed + CHUNK);
    failed += await scoreChunk(deps, job.projectId, evaluator, chunk);
    processed += chunk.length;
    const now = deps.clock.now();
    await deps.db
      .update(evaluatorBackfills)
      .set({ processed, failed, leaseUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now })
      .where(eq(evaluatorBackfills.id, run.id));
    if (processed < traceIds.length && performance.now() - started > DELIVERY_BUDGET_MS) {
      await deps.db.update(evaluatorBackfills).set({ leaseUntil: null }).where(eq(evaluatorBackfills.id, run.id));
      await deps.queues.eval.send([{ body: JSON.stringify(job) }]);
      return;
    }
  }
  await finish(deps, job, "completed");
}

/** Scores one chunk of traces; returns how many failed. A trace deleted since is skipped. */
async function scoreChunk(
  deps: BackfillDeps,
  projectId: string,
  evaluator: LoadedEvaluator,
  traceIds: readonly string[],
): Promise<number> {
  const d = evaluator.definition;
  const observations = d.scope === "observation" || d.variableMapping.some((b) => b.source.startsWith("observation."));
  const bodies = await Traces.readTraceBodies(deps, projectId, traceIds, { observations });
  const batch = new EvaluationBatch(deps, projectId);
  const base = { evaluatorId: evaluator.id, trigger: "backfill" as const, startedAt: deps.clock.now() };
  let failedTraces = 0;
  await eachLimit(traceIds, d.kind === "CODE" ? 1 : JUDGE_CONCURRENCY, async (traceId) => {
    const trace = bodies.get(traceId);
    if (!trace) return batch.record({ ...base, traceId, status: "skipped", error: "the trace was deleted" });
    const observationIds =
      d.scope === "observation"
        ? trace.observations
            .filter((o) => (!d.filterName || o.name === d.filterName) && (o.output !== null || o.endTime !== null))
            .map((o) => o.id)
        : [null];
    let failed = false;
    for (const observationId of observationIds) {
      const target = targetFrom(trace, { traceId, observationId });
      try {
        const score = await batch.score(evaluator, target, trace.environment);
        batch.record({ ...base, traceId, observationId, status: "completed", scoreId: score.id });
      } catch (error) {
        if (!isAppError(error)) throw error;
        failed = true;
        batch.record({ ...base, traceId, observationId, status: "failed", error: error.message });
      }
    }
    if (failed) failedTraces++;
  });
  // A crash before the log is written leaves the chunk to be scored again under the same ids.
  await batch.commit();
  return failedTraces;
}

/** Backfills without a live worker for this long are sent to the queue again by the schedule. */
const RESUME_AFTER_MS = 60_000;

/**
 * The `backfill` schedule: every queued or running backfill that no worker holds and that made no progress
 * for a minute (its worker died, or its job was lost) gets a new job. A duplicate job is harmless: only one
 * worker can hold the run.
 */
export async function resumeBackfills(deps: Pick<Deps, "db" | "clock" | "queues">): Promise<{ resumed: number }> {
  const now = deps.clock.now();
  const t = evaluatorBackfills;
  const stale = await deps.db
    .update(t)
    .set({ updatedAt: now })
    .where(
      and(
        inArray(t.status, ["queued", "running"]),
        or(isNull(t.leaseUntil), lt(t.leaseUntil, now)),
        lt(t.updatedAt, new Date(now.getTime() - RESUME_AFTER_MS)),
      ),
    )
    .returning({ id: t.id, projectId: t.projectId });
  if (stale.length)
    await deps.queues.eval.send(
      stale.map((r) => ({ body: JSON.stringify({ projectId: r.projectId, backfillId: r.id } satisfies BackfillJob) })),
    );
  return { resumed: stale.length };
}
