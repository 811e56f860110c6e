import type { Deps } from "../platform/deps";
import type { MergedRows } from "./merge-events";
import { offloadLargeBodies } from "./offload";
import type { PartialRow } from "./partial-row";
import { assignBuckets } from "./trace-buckets";

/**
 * Writes merged partial rows: large bodies to the blob store, each row into its trace's day partition,
 * then one insert per table. Idempotent: the tables fold a re-inserted partial row into the same entity
 * (docs/ingest.md, "Storage layout"), so writing the same rows again changes nothing.
 */
export async function writeRows(deps: Pick<Deps, "db" | "ch" | "blobs" | "clock">, merged: MergedRows): Promise<void> {
  await offloadLargeBodies(deps.blobs, [
    ...[...merged.traces.values()].map((row) => ({ row, traceId: row.id })),
    ...[...merged.observations.values()].map((row) => ({ row, traceId: row.traceId ?? "" })),
  ]);
  await assignBuckets(deps, merged, deps.clock.now());
  const tables: [string, Map<string, PartialRow>][] = [["traces", merged.traces], ["observations", merged.observations], ["scores", merged.scores]];
  await Promise.all(tables.filter(([, rows]) => rows.size > 0).map(([table, rows]) => deps.ch.insert(table, [...rows.values()].map((r) => r.toRow()))));
}
