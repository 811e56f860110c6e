import { and, eq, inArray, sql } from "drizzle-orm";
import * as Datasets from "../datasets";
import { readThroughOwned } from "../platform/cache";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import type { Principal } from "../platform/principal";
import * as Telemetry from "../telemetry";
import { experimentEvaluators, experimentTargets } from "./automatic.sql";
import { bundled, type TargetJob } from "./eval.jobs";
import { type LoadedEvaluator, loadEvaluator } from "./read-evaluators";

type ExperimentDeps = Pick<Deps, "db" | "telemetry" | "clock" | "ids" | "queues" | "caches" | "config">;
type Link = { datasetItemId: string; traceId: string; observationId?: string | null };
const ROWS_PER_STATEMENT = 2_000;

/**
 * The evaluators a run names, loaded before anything is written.
 * @throws not_found for an unknown evaluator; invalid_input for a thread-scope one.
 */
export async function experimentEvaluatorsNamed(
  deps: Pick<Deps, "db">,
  projectId: string,
  names: readonly string[],
): Promise<LoadedEvaluator[]> {
  const loaded = await Promise.all([...new Set(names)].map((name) => loadEvaluator(deps, projectId, name)));
  const thread = loaded.find((e) => e.definition.scope === "thread");
  if (thread) throw invalid(`Evaluator '${thread.name}' has thread scope: it judges whole sessions, not a run's items`);
  return loaded;
}

/** Cache scope of whether a project has evaluations waiting; every insert and release moves it. */
const pendingScope = (projectId: string) => `experiment-targets:${projectId}`;

/**
 * Whether any evaluation of the project waits for an output: the ingest worker asks on every delivery, and most
 * projects have none, so on a store this process owns the answer is cached (docs/evaluators.md, "Experiments").
 */
function hasPending(deps: ExperimentDeps, projectId: string): Promise<boolean> {
  return readThroughOwned(deps, "experiment-targets-pending", pendingScope(projectId), projectId, async () => {
    const [row] = await deps.db
      .select({ runId: experimentTargets.runId })
      .from(experimentTargets)
      .where(eq(experimentTargets.projectId, projectId))
      .limit(1);
    return row !== undefined;
  });
}

/** Queues every pending evaluation of these traces (their output arrived) and forgets it; one statement. */
async function release(deps: ExperimentDeps, projectId: string, traceIds: readonly string[]): Promise<number> {
  if (traceIds.length === 0) return 0;
  if (!(await hasPending(deps, projectId))) return 0;
  // Deleted and queued in one transaction: a failed send keeps them pending for the next delivery.
  return deps.caches.write(pendingScope(projectId), () => releaseNow(deps, projectId, traceIds));
}

function releaseNow(deps: ExperimentDeps, projectId: string, traceIds: readonly string[]): Promise<number> {
  return deps.db.transaction(async (db) => {
    const released = await db
      .delete(experimentTargets)
      .where(
        and(eq(experimentTargets.projectId, projectId), inArray(experimentTargets.traceId, [...new Set(traceIds)])),
      )
      .returning();
    const jobs: TargetJob[] = released.map((t) => ({
      projectId,
      evaluatorId: t.evaluatorId,
      traceId: t.traceId,
      observationId: t.observationId,
      trigger: "experiment",
      datasetItem: { runId: t.runId, id: t.datasetItemId },
    }));
    if (jobs.length) await deps.queues.eval.send(bundled(jobs));
    return jobs.length;
  });
}

/**
 * Records that each evaluator scores each link, then queues at once those whose trace already has an output;
 * the rest wait for the ingest worker to see the output (`releaseExperimentTargets`).
 */
async function target(
  deps: ExperimentDeps,
  projectId: string,
  runId: string,
  evaluatorIds: readonly string[],
  links: readonly Link[],
): Promise<{ queued: number; waiting: number }> {
  if (evaluatorIds.length === 0 || links.length === 0) return { queued: 0, waiting: 0 };
  const now = deps.clock.now();
  const rows = links.flatMap((l) =>
    evaluatorIds.map((evaluatorId) => ({
      runId,
      datasetItemId: l.datasetItemId,
      evaluatorId,
      projectId,
      traceId: l.traceId,
      observationId: l.observationId ?? null,
      createdAt: now,
    })),
  );
  // Through the cache scope: a cached "nothing waits" of the project is never served after these rows.
  await deps.caches.write(pendingScope(projectId), async () => {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      await deps.db
        .insert(experimentTargets)
        .values(rows.slice(start, start + ROWS_PER_STATEMENT))
        .onConflictDoUpdate({
          target: [experimentTargets.runId, experimentTargets.datasetItemId, experimentTargets.evaluatorId],
          set: { traceId: sql`excluded.trace_id`, observationId: sql`excluded.observation_id` },
        });
    }
  });
  // After the rows are committed: a trace whose output lands meanwhile is released by one side or the other.
  const ready = await Telemetry.tracesWithOutput(
    deps,
    projectId,
    links.map((l) => l.traceId),
  );
  const queued = await release(deps, projectId, [...ready]);
  return { queued, waiting: rows.length - queued };
}

export async function attachRunEvaluators(
  deps: Pick<Deps, "clock"> & { db: Db },
  projectId: string,
  runId: string,
  evaluators: readonly LoadedEvaluator[],
) {
  if (evaluators.length === 0) return;
  const now = deps.clock.now();
  await deps.db
    .insert(experimentEvaluators)
    .values(evaluators.map((e) => ({ runId, evaluatorId: e.id, projectId, createdAt: now })))
    .onConflictDoNothing();
}

async function runOf(deps: Pick<Deps, "db">, projectId: string, datasetName: string, runName: string) {
  const dataset = await Datasets.findDataset(deps.db, projectId, datasetName);
  return Datasets.findRun(deps.db, dataset, runName);
}

/**
 * Records a run (see Datasets.recordRun) whose items the named evaluators score (docs/evaluators.md, "Experiments").
 * @throws as recordRun; not_found for an unknown evaluator; invalid_input for a thread-scope one.
 */
export async function recordExperimentRun(
  deps: ExperimentDeps,
  principal: Principal,
  datasetName: string,
  input: Datasets.RecordRunInput,
) {
  const evaluators = await experimentEvaluatorsNamed(deps, principal.projectId, input.evaluators);
  const detail = await Datasets.recordRun(deps, principal, datasetName, input);
  if (evaluators.length === 0) return detail;
  const run = await runOf(deps, principal.projectId, datasetName, input.runName);
  await attachRunEvaluators(deps, principal.projectId, run.id, evaluators);
  await target(
    deps,
    principal.projectId,
    run.id,
    evaluators.map((e) => e.id),
    input.items,
  );
  return detail;
}

/** Starts a remote run (see Datasets.requestRemoteRun) whose items, as the runner reports them, the named evaluators score. */
export async function requestRemoteExperiment(
  deps: ExperimentDeps & Parameters<typeof Datasets.requestRemoteRun>[0],
  principal: Principal,
  datasetName: string,
  input: { runName: string; version?: string | null; metadata?: Record<string, unknown> | null; evaluators: string[] },
) {
  const evaluators = await experimentEvaluatorsNamed(deps, principal.projectId, input.evaluators);
  if (evaluators.length === 0) return Datasets.requestRemoteRun(deps, principal, datasetName, input);
  // The evaluators are attached before the runner hears of the run, so no item it reports is missed.
  return Datasets.requestRemoteRun(deps, principal, datasetName, input, (db, runId) =>
    attachRunEvaluators({ ...deps, db }, principal.projectId, runId, evaluators),
  );
}

/** Links one item to its trace (see Datasets.recordRunItem); the run's evaluators score it. */
export async function recordExperimentRunItem(
  deps: ExperimentDeps,
  principal: Principal,
  input: Datasets.RunItemInput,
  newRun?: Parameters<typeof Datasets.recordRunItem>[3],
) {
  const recorded = await Datasets.recordRunItem(deps, principal, input, newRun);
  const run = await runOf(deps, principal.projectId, input.datasetName, input.runName);
  const attached = await deps.db
    .select({ evaluatorId: experimentEvaluators.evaluatorId })
    .from(experimentEvaluators)
    .where(eq(experimentEvaluators.runId, run.id));
  await target(
    deps,
    principal.projectId,
    run.id,
    attached.map((a) => a.evaluatorId),
    [input],
  );
  return recorded;
}

/**
 * Scores an existing run with more evaluators (`POST /v1/datasets/{name}/runs/{run}/evaluate`): its linked items
 * are queued at once when their trace has an output, later otherwise; items linked afterwards are scored too.
 * @throws not_found for an unknown dataset, run or evaluator; invalid_input for a thread-scope evaluator.
 */
export async function evaluateRun(
  deps: ExperimentDeps,
  principal: Principal,
  datasetName: string,
  runName: string,
  names: readonly string[],
) {
  const evaluators = await experimentEvaluatorsNamed(deps, principal.projectId, names);
  const run = await runOf(deps, principal.projectId, datasetName, runName);
  await attachRunEvaluators(deps, principal.projectId, run.id, evaluators);
  const links = await Datasets.runLinks(deps.db, run.id);
  const { queued, waiting } = await target(
    deps,
    principal.projectId,
    run.id,
    evaluators.map((e) => e.id),
    links,
  );
  return { datasetName, runName, evaluators: evaluators.map((e) => e.name), items: links.length, queued, waiting };
}

/** The ingest worker's part: traces whose output this delivery wrote release their waiting experiment evaluations. */
export async function releaseExperimentTargets(
  deps: ExperimentDeps,
  projectId: string,
  traceIds: readonly string[],
): Promise<number> {
  return release(deps, projectId, traceIds);
}

/**
 * Scores links an experiment run by Sightline just wrote (docs/experiments.md): each evaluator attached to the run
 * scores each item once its trace has an output, as for a recorded run.
 */
export async function scoreRunLinks(
  deps: ExperimentDeps,
  projectId: string,
  runId: string,
  links: readonly Link[],
): Promise<{ queued: number; waiting: number }> {
  const attached = await deps.db
    .select({ evaluatorId: experimentEvaluators.evaluatorId })
    .from(experimentEvaluators)
    .where(eq(experimentEvaluators.runId, runId));
  return target(
    deps,
    projectId,
    runId,
    attached.map((a) => a.evaluatorId),
    links,
  );
}
