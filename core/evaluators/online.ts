import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { DueTargets } from "../ingest";
import type { Deps } from "../platform/deps";
import * as Telemetry from "../telemetry";
import { bundled, type TargetJob } from "./eval.jobs";
import { EvaluatorDefinition } from "./evaluators.schema";
import { evaluators, evaluatorVersions } from "./evaluators.sql";
import { releaseExperimentTargets } from "./experiments";

export interface OnlineEvaluator {
  id: string;
  projectId: string;
  definition: EvaluatorDefinition;
}

/**
 * Whether a target is in an evaluator's sample: a stable hash of `<traceId>:<evaluator id>` mapped to [0, 1),
 * below the sampling rate. The same trace gets the same answer on every delivery, retry and backfill.
 */
export function inSample(traceId: string, evaluatorId: string, samplingRate: number): boolean {
  if (samplingRate >= 1) return true;
  const hash = createHash("sha256").update(`${traceId}:${evaluatorId}`).digest();
  return hash.readUInt32BE(0) / 2 ** 32 < samplingRate;
}

/** Online evaluators of these scopes (of the given projects, or all), with their newest definitions (one query). */
export async function onlineEvaluators(
  deps: Pick<Deps, "db">,
  projectIds: string[] | null,
  scopes: EvaluatorDefinition["scope"][] = ["trace", "observation"],
): Promise<OnlineEvaluator[]> {
  const rows = await deps.db
    .select({ id: evaluators.id, projectId: evaluators.projectId, definition: evaluatorVersions.definition })
    .from(evaluators)
    .innerJoin(
      evaluatorVersions,
      and(eq(evaluatorVersions.evaluatorId, evaluators.id), eq(evaluatorVersions.version, evaluators.latestVersion)),
    )
    .where(
      and(
        projectIds ? inArray(evaluators.projectId, projectIds) : undefined,
        eq(evaluators.online, true),
        inArray(evaluators.scope, scopes),
      ),
    );
  return rows.map((r) => ({ id: r.id, projectId: r.projectId, definition: EvaluatorDefinition.parse(r.definition) }));
}

/**
 * Puts an evaluation job on the eval queue for every due target each online evaluator takes: its scope, its
 * `filterName` (the trace's or the observation's name) and its sample. Never calls a provider: the eval worker
 * does (docs/evaluators.md, "Online evaluation"). One query for the evaluators, and one name lookup per
 * project and scope only when an evaluator filters by name.
 */
export async function enqueueOnlineEvaluations(
  deps: Pick<Deps, "db" | "telemetry" | "queues">,
  written: DueTargets,
): Promise<number> {
  const projectIds = [...written.keys()];
  if (projectIds.length === 0) return 0;
  const online = await onlineEvaluators(deps, projectIds);
  if (online.length === 0) return 0;
  const jobs: TargetJob[] = [];
  for (const [projectId, due] of written) {
    const mine = online.filter((e) => e.projectId === projectId);
    const traceScope = mine.filter((e) => e.definition.scope === "trace");
    const observationScope = mine.filter((e) => e.definition.scope === "observation");
    const traceNames = traceScope.some((e) => e.definition.filterName)
      ? await Telemetry.storedNames(deps, projectId, "traces", due.traces)
      : new Map<string, string>();
    const observationNames =
      observationScope.length && due.observations.length
        ? await Telemetry.storedNames(
            deps,
            projectId,
            "observations",
            due.observations.map((o) => o.id),
          )
        : new Map<string, string>();
    for (const e of traceScope) {
      for (const traceId of due.traces) {
        if (due.ownCalls?.has(traceId)) continue;
        if (e.definition.filterName && traceNames.get(traceId) !== e.definition.filterName) continue;
        if (inSample(traceId, e.id, e.definition.samplingRate))
          jobs.push({ projectId, evaluatorId: e.id, traceId, observationId: null, trigger: "online" });
      }
    }
    for (const e of observationScope) {
      for (const o of due.observations) {
        if (due.ownCalls?.has(o.traceId)) continue;
        if (e.definition.filterName && observationNames.get(o.id) !== e.definition.filterName) continue;
        if (inSample(o.traceId, e.id, e.definition.samplingRate))
          jobs.push({ projectId, evaluatorId: e.id, traceId: o.traceId, observationId: o.id, trigger: "online" });
      }
    }
  }
  if (jobs.length) await deps.queues.eval.send(bundled(jobs));
  return jobs.length;
}

/**
 * What the ingest worker does after a delivery is written: queues the online evaluations it made due, and
 * releases the experiment evaluations waiting for those traces' outputs (docs/evaluators.md, "Experiments").
 */
export async function evaluateWritten(
  deps: Pick<Deps, "db" | "telemetry" | "clock" | "ids" | "queues" | "caches" | "config">,
  written: DueTargets,
): Promise<number> {
  const [online, experiments] = await Promise.all([
    enqueueOnlineEvaluations(deps, written),
    Promise.all([...written].map(([projectId, due]) => releaseExperimentTargets(deps, projectId, due.traces))),
  ]);
  return online + experiments.reduce((a, b) => a + b, 0);
}
