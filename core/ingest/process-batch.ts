import * as Automations from "../automations";
import type { Deps } from "../platform/deps";
import * as Telemetry from "../telemetry";
import { ALONE, type Turn } from "./delivery-order";
import { resolveCosts } from "./resolve-costs";
import { recordSdkUsage, sdkCountsOf } from "./sdk-usage";
import type { StoredBatch } from "./stored-batch.schema";
import { tailSample } from "./tail-sampling";

/**
 * Applies stored batches to the telemetry store: merges their events in memory,
 * prices generations, offloads large bodies, and writes one insert per table.
 * Idempotent: the tables fold a re-inserted partial row into the same entity, so
 * a redelivered message changes nothing.
 */
/**
 * What a delivery made due for evaluation (docs/evaluators.md, "Online evaluation"), per project: traces
 * whose output arrived in it, and observations whose output or end arrived. No read: from the rows written.
 */
export type DueTargets = Map<
  string,
  { traces: string[]; observations: { id: string; traceId: string }[]; ownCalls?: Set<string> }
>;

export async function processBatches(
  deps: Pick<Deps, "db" | "telemetry" | "blobs" | "log" | "clock" | "config" | "caches">,
  batches: readonly StoredBatch[],
  /** Waited for only by a delivery that reads rows earlier ones write (`readsEarlierRows`); released once its rows are in. */
  turn: Turn = ALONE,
): Promise<{ traces: number; observations: number; scores: number; due: DueTargets }> {
  const merged = Telemetry.mergeEvents(batches);
  if (readsEarlierRows(merged, batches)) await turn.ready;
  await adoptOrphans(deps, merged);
  await resolveCosts(deps, [...merged.observations.values()]);
  await applyTailRules(deps, merged, batches);
  // After the tail rules, which may have dropped whole traces.
  await Telemetry.writeRows(deps, merged, (projectId) => Automations.activeTriggers(deps, projectId), turn.release);
  // After the rows: a failed write is retried, and counting first would count it twice.
  for (const [projectId, counts] of sdkCountsOf(batches)) await recordSdkUsage(deps, projectId, counts);
  return {
    traces: merged.traces.size,
    observations: merged.observations.size,
    scores: merged.scores.size,
    due: dueTargets(merged),
  };
}

/**
 * Whether applying the delivery reads telemetry rows an earlier delivery may still be inserting: updates that named
 * no trace (`adoptOrphans`), generations with usage but no model or a model but no usage (`resolveCosts` reads the
 * stored half), and a tail rule (which reads the earlier decision on a trace). Anything else a delivery writes merges
 * by id and event time whatever the order its inserts land in, and the trace mirror's upserts are atomic, so such a
 * delivery runs beside the one before it (docs/ingest.md, "The local worker"). Erring towards a wait is always safe.
 */
function readsEarlierRows(merged: Telemetry.MergedRows, batches: readonly StoredBatch[]): boolean {
  if (merged.orphans.length > 0 || batches.some((b) => b.sampling?.tail)) return true;
  for (const row of merged.observations.values()) {
    const usage = row.versioned.has("usage_raw") || row.versioned.has("usage_details");
    if (usage !== row.versioned.has("model")) return true;
  }
  return false;
}

function dueTargets(merged: Telemetry.MergedRows): DueTargets {
  const due: DueTargets = new Map();
  const of = (projectId: string) =>
    due.get(projectId) ?? due.set(projectId, { traces: [], observations: [] }).get(projectId)!;
  // The platform's own model calls are never evaluated online: a judge's trace judged again would call the judge forever.
  const own = (projectId: string, traceId: string) => {
    const targets = of(projectId);
    targets.ownCalls ??= new Set();
    targets.ownCalls.add(traceId);
  };
  for (const row of merged.traces.values()) {
    if (row.versioned.get("environment")?.[1] === Telemetry.PLATFORM_ENVIRONMENT) own(row.projectId, row.id);
    if (row.versioned.has("output")) of(row.projectId).traces.push(row.id);
  }
  for (const row of merged.observations.values()) {
    if (row.traceId && row.versioned.get("environment")?.[1] === Telemetry.PLATFORM_ENVIRONMENT)
      own(row.projectId, row.traceId);
    if (row.traceId && (row.versioned.has("output") || row.maxes.has("end_time")))
      of(row.projectId).observations.push({ id: row.id, traceId: row.traceId });
  }
  return due;
}

/** Updates that named no trace take it from the stored observation: one query per project. */
async function adoptOrphans(deps: Pick<Deps, "telemetry" | "log">, merged: Telemetry.MergedRows) {
  const byProject = new Map<string, Telemetry.PartialRow[]>();
  for (const row of merged.orphans) byProject.set(row.projectId, [...(byProject.get(row.projectId) ?? []), row]);
  for (const [projectId, rows] of byProject) {
    const traceOf = await Telemetry.traceIdsOfObservations(
      deps,
      projectId,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      row.traceId = traceOf.get(row.id) ?? "";
      if (!row.traceId) deps.log.warn("observation update without a known trace", { projectId, observationId: row.id });
    }
  }
}

async function applyTailRules(
  deps: Pick<Deps, "telemetry">,
  merged: Telemetry.MergedRows,
  batches: readonly StoredBatch[],
) {
  const policies = new Map(batches.filter((b) => b.sampling).map((b) => [b.projectId, b.sampling!]));
  for (const [projectId, policy] of policies) {
    const dropped = await tailSample(deps, merged, projectId, policy);
    if (dropped.size === 0) continue;
    for (const map of [merged.traces, merged.observations, merged.scores]) {
      for (const [key, row] of map)
        if (row.projectId === projectId && dropped.has(map === merged.traces ? row.id : (row.traceId ?? "")))
          map.delete(key);
    }
  }
}
