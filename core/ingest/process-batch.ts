import type { Deps } from "../platform/deps";
import { mergeEvents, type MergedRows } from "./merge-events";
import { offloadLargeBodies } from "./offload";
import type { PartialRow } from "./partial-row";
import { resolveCosts } from "./resolve-costs";
import { recordSdkUsage, sdkCountsOf } from "./sdk-usage";
import type { StoredBatch } from "./stored-batch.schema";
import { tailSample } from "./tail-sampling";
import { assignBuckets } from "./trace-buckets";

/**
 * Applies stored batches to the telemetry store: merges their events in memory,
 * prices generations, offloads large bodies, and writes one insert per table.
 * Idempotent: the tables fold a re-inserted partial row into the same entity, so
 * a redelivered message changes nothing.
 */
export async function processBatches(deps: Pick<Deps, "db" | "ch" | "blobs" | "log" | "clock">, batches: readonly StoredBatch[]): Promise<{ traces: number; observations: number; scores: number }> {
  const merged = mergeEvents(batches);
  await adoptOrphans(deps, merged);
  await resolveCosts(deps, [...merged.observations.values()]);
  await applyTailRules(deps, merged, batches);

  await offloadLargeBodies(deps.blobs, [
    ...[...merged.traces.values()].map((row) => ({ row, traceId: row.id })),
    ...[...merged.observations.values()].map((row) => ({ row, traceId: row.traceId ?? "" })),
  ]);
  // Last before the insert: the tail rules may have dropped whole traces.
  await assignBuckets(deps, merged);
  const tables: [string, Map<string, PartialRow>][] = [["traces", merged.traces], ["observations", merged.observations], ["scores", merged.scores]];
  await Promise.all(tables.filter(([, rows]) => rows.size > 0).map(([table, rows]) => deps.ch.insert(table, [...rows.values()].map((r) => r.toRow()))));
  // After the rows: a failed write is retried, and counting first would count it twice.
  for (const [projectId, counts] of sdkCountsOf(batches)) await recordSdkUsage(deps, projectId, counts);
  return { traces: merged.traces.size, observations: merged.observations.size, scores: merged.scores.size };
}

/** Updates that named no trace take it from the stored observation: one query per project. */
async function adoptOrphans(deps: Pick<Deps, "ch" | "log">, merged: MergedRows) {
  const byProject = new Map<string, PartialRow[]>();
  for (const row of merged.orphans) byProject.set(row.projectId, [...(byProject.get(row.projectId) ?? []), row]);
  for (const [projectId, rows] of byProject) {
    const found = await deps.ch.query<{ id: string; trace_id: string }>(
      "SELECT DISTINCT id, trace_id FROM observations WHERE project_id = {projectId:String} AND id IN {ids:Array(String)} AND trace_id != ''",
      { projectId, ids: rows.map((r) => r.id) },
    );
    const traceOf = new Map(found.map((f) => [f.id, f.trace_id]));
    for (const row of rows) {
      row.traceId = traceOf.get(row.id) ?? "";
      if (!row.traceId) deps.log.warn("observation update without a known trace", { projectId, observationId: row.id });
    }
  }
}

async function applyTailRules(deps: Pick<Deps, "ch">, merged: MergedRows, batches: readonly StoredBatch[]) {
  const policies = new Map(batches.filter((b) => b.sampling).map((b) => [b.projectId, b.sampling!]));
  for (const [projectId, policy] of policies) {
    const dropped = await tailSample(deps, merged, projectId, policy);
    if (dropped.size === 0) continue;
    for (const map of [merged.traces, merged.observations, merged.scores]) {
      for (const [key, row] of map) if (row.projectId === projectId && dropped.has(map === merged.traces ? row.id : (row.traceId ?? ""))) map.delete(key);
    }
  }
}
