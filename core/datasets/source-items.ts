import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../platform/db";
import type { Deps } from "../platform/deps";
import type { SourceBodies } from "../traces";
import { datasetItems, datasets } from "./datasets.sql";

/** An item copied from a trace or an observation, checked, ready to write. */
export interface SourcedRow {
  id: string;
  input: unknown;
  expected_output: unknown;
  metadata: unknown;
  source_trace_id: string;
  source_observation_id: string | null;
  source_user_id: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The item a source gives before overrides (docs/datasets.md, "From traces"): its input, its output as expected
 * output, and its metadata; item metadata is an object, so other stored metadata comes as `{value: …}`.
 */
export function copiedFields(source: SourceBodies): {
  input: unknown;
  expectedOutput: unknown;
  metadata: Record<string, unknown> | null;
} {
  const metadata =
    source.metadata === null || source.metadata === undefined
      ? null
      : isObject(source.metadata)
        ? source.metadata
        : { value: source.metadata };
  return { input: source.input, expectedOutput: source.output, metadata };
}

const rowsPerStatement = 2_000;

/**
 * Inserts copied items, skipping any whose source already has an item in the dataset (the unique source index:
 * a concurrent add cannot double them). Answers the ids written, in order.
 */
export async function insertSourcedRows(
  db: Db,
  datasetId: string,
  rows: readonly SourcedRow[],
  now: Date,
): Promise<Set<string>> {
  const at = now.toISOString();
  const written = new Set<string>();
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const json = JSON.stringify(rows.slice(start, start + rowsPerStatement));
    const result = await db.execute(sql`
      INSERT INTO ${datasetItems} (dataset_id, id, input, expected_output, metadata, source_trace_id, source_observation_id, source_user_id, created_at, updated_at)
      SELECT ${datasetId}, x.id, x.input, x.expected_output, x.metadata, x.source_trace_id, x.source_observation_id, x.source_user_id, ${at}::timestamptz, ${at}::timestamptz
      FROM jsonb_to_recordset(${json}::jsonb) AS x(id text, input jsonb, expected_output jsonb, metadata jsonb, source_trace_id text, source_observation_id text, source_user_id text)
      ON CONFLICT DO NOTHING RETURNING id`);
    for (const r of rowsOf<{ id: string }>(result)) written.add(r.id);
  }
  if (written.size > 0) await db.update(datasets).set({ updatedAt: now }).where(sql`${datasets.id} = ${datasetId}`);
  return written;
}

/** Items of the dataset already copied from these sources, by `traceId\0observationId`. */
export async function itemsFromSources(
  db: Db,
  datasetId: string,
  sources: readonly { traceId: string; observationId: string | null }[],
): Promise<Map<string, string>> {
  if (sources.length === 0) return new Map();
  const json = JSON.stringify(sources.map((s) => ({ t: s.traceId, o: s.observationId ?? "" })));
  const result = await db.execute(sql`
    SELECT i.id, i.source_trace_id, coalesce(i.source_observation_id, '') AS source_observation_id
    FROM ${datasetItems} i JOIN jsonb_to_recordset(${json}::jsonb) AS s(t text, o text)
      ON i.source_trace_id = s.t AND coalesce(i.source_observation_id, '') = s.o
    WHERE i.dataset_id = ${datasetId} AND i.source_trace_id IS NOT NULL`);
  return new Map(
    rowsOf<{ id: string; source_trace_id: string; source_observation_id: string }>(result).map((r) => [
      `${r.source_trace_id}\u0000${r.source_observation_id}`,
      r.id,
    ]),
  );
}

/**
 * Erasure of an end user (docs/datasets.md, "From traces"): deletes the project's dataset items copied from the
 * user's traces, found by the end user kept at copy time or by the trace ids. Answers how many went.
 */
export async function eraseEndUserItems(
  deps: Pick<Deps, "db">,
  projectId: string,
  user: { userId: string; traceIds: readonly string[] },
): Promise<number> {
  const result = await deps.db.execute(sql`
    DELETE FROM ${datasetItems} i USING ${datasets} d
    WHERE i.dataset_id = d.id AND d.project_id = ${projectId}
      AND (i.source_user_id = ${user.userId} OR i.source_trace_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(user.traceIds)}::jsonb)))
    RETURNING i.id`);
  return rowsOf(result).length;
}
