import type { Deps } from "../platform/deps";
import { appendScoresCreated, type CreatedListeners, type CreatedTakers } from "./created-events";
import type { MergedRows } from "./merge-events";
import { offloadLargeBodies } from "./offload";
import type { PartialRow } from "./partial-row";
import { assignBuckets } from "./trace-buckets";

/**
 * Writes merged partial rows: large bodies to the blob store, each row into its trace's day partition,
 * then one insert per table. Idempotent: the tables fold a re-inserted partial row into the same entity
 * (docs/ingest.md, "Storage layout"), so writing the same rows again changes nothing.
 */
export async function writeRows(
  deps: Pick<Deps, "db" | "telemetry" | "blobs" | "clock">,
  merged: MergedRows,
  listeners?: CreatedListeners,
  /** Called once the rows are in (an overlapping delivery may read them now), before the score events. */
  onInserted?: () => void,
): Promise<void> {
  const listening = await listeningTo(merged, listeners);
  await offloadLargeBodies(deps.blobs, [
    ...[...merged.traces.values()].map((row) => ({ row, traceId: row.id })),
    ...[...merged.observations.values()].map((row) => ({ row, traceId: row.traceId ?? "" })),
  ]);
  await assignBuckets(deps, merged, deps.clock.now(), (p) => listening.get(p));
  const tables: [string, Map<string, PartialRow>][] = [
    ["traces", merged.traces],
    ["observations", merged.observations],
    ["scores", merged.scores],
  ];
  await Promise.all(
    tables
      .filter(([, rows]) => rows.size > 0)
      .map(([table, rows]) => deps.telemetry.insertEncoded(table, jsonEachRow(rows.values()))),
  );
  onInserted?.();
  // After the rows: a failed insert is retried, and the event's stable id keeps the retry from adding another.
  await appendScoresCreated(deps.db, merged.scores.values(), (p) => listening.get(p), deps.clock.now());
}

/** What each project of the rows listens to; no lookup at all without listeners or rows that could fire. */
async function listeningTo(
  merged: MergedRows,
  listeners: CreatedListeners | undefined,
): Promise<Map<string, CreatedTakers>> {
  if (!listeners || (merged.traces.size === 0 && merged.scores.size === 0)) return new Map();
  const projects = new Set([...merged.traces.values(), ...merged.scores.values()].map((r) => r.projectId));
  return new Map(await Promise.all([...projects].map(async (p) => [p, await listeners(p)] as const)));
}

const utf8 = new TextEncoder();

/**
 * The rows as JSONEachRow, encoded where they were merged: locally that is the worker's thread, and one buffer of
 * its own (never a slice of a shared pool) crosses to the API's thread without a copy, instead of a structured clone
 * of every row (docs/ingest.md, "The local worker": rows as bytes).
 */
function jsonEachRow(rows: Iterable<PartialRow>): Uint8Array {
  let text = "";
  for (const row of rows) text += `${JSON.stringify(row.toRow())}\n`;
  return utf8.encode(text);
}
