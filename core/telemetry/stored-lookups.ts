import type { Deps } from "../platform/deps";
import type { PartialRow } from "./partial-row";

/** What the store already holds of an observation's pricing inputs: each with the event time it was set at. */
export interface StoredPricing {
  id: string;
  stored_model: string | null;
  stored_usage: Record<string, number>;
  model_time: string;
  usage_time: string;
}

/** The stored model and usage of observations of the rows' traces (one query). */
export async function storedPricing(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  rows: readonly PartialRow[],
): Promise<StoredPricing[]> {
  if (rows.length === 0) return [];
  return deps.telemetry.query<StoredPricing>(
    `SELECT id, model.2 AS stored_model, usage_details.2 AS stored_usage, toString(model.1) AS model_time, toString(usage_details.1) AS usage_time
     FROM observations FINAL
     PREWHERE project_id = {projectId:String} AND trace_id IN {traceIds:Array(String)} AND id IN {ids:Array(String)}`,
    { projectId, traceIds: [...new Set(rows.map((r) => r.traceId ?? ""))], ids: rows.map((r) => r.id) },
  );
}

/** The trace of each stored observation among `ids` (observations stored without a trace are left out). */
export async function traceIdsOfObservations(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const found = await deps.telemetry.query<{ id: string; trace_id: string }>(
    "SELECT DISTINCT id, trace_id FROM observations WHERE project_id = {projectId:String} AND id IN {ids:Array(String)} AND trace_id != ''",
    { projectId, ids },
  );
  return new Map(found.map((f) => [f.id, f.trace_id]));
}

/** Which of the traces `ids` the store already holds. */
export async function storedTraceIds(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const kept = await deps.telemetry.query<{ id: string }>(
    "SELECT DISTINCT id FROM traces WHERE project_id = {projectId:String} AND id IN {ids:Array(String)}",
    { projectId, ids },
  );
  return new Set(kept.map((r) => r.id));
}

/** The stored name of each of the traces (or observations) `ids`, as folded so far (one query). */
export async function storedNames(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  table: "traces" | "observations",
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.telemetry.query<{ id: string; name: string | null }>(
    `SELECT id, name.2 AS name FROM ${table} FINAL PREWHERE project_id = {projectId:String} AND id IN {ids:Array(String)}`,
    { projectId, ids: [...ids] },
  );
  return new Map(rows.map((r) => [r.id, r.name ?? ""]));
}

/** Which of the traces `ids` have an output stored (so are due for evaluation). */
export async function tracesWithOutput(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await deps.telemetry.query<{ id: string }>(
    `SELECT id FROM traces FINAL PREWHERE project_id = {projectId:String} AND id IN {ids:Array(String)} WHERE output.2 IS NOT NULL`,
    { projectId, ids: [...new Set(ids)] },
  );
  return new Set(rows.map((r) => r.id));
}

/** Whether any trace of the project carries the session id (a session exists only through its traces). */
export async function sessionIsStored(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  sessionId: string,
): Promise<boolean> {
  const found = await deps.telemetry.query<{ id: string }>(
    "SELECT id FROM traces WHERE project_id = {projectId:String} AND session_id.2 = {sessionId:String} LIMIT 1",
    { projectId, sessionId },
  );
  return found.length > 0;
}
