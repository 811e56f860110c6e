import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import * as Telemetry from "../telemetry";
import { type Deleted, purgeTraces } from "./delete-trace";

type Deleter = Pick<Deps, "telemetry" | "blobs" | "db" | "clock" | "ids">;

/** The ids among `traceIds` of which the project stores anything (rows in any telemetry table, or a mirror row a cut-short deletion left). */
async function heldTraceIds(
  deps: Pick<Deps, "telemetry" | "db">,
  projectId: string,
  traceIds: readonly string[],
): Promise<Set<string>> {
  const params = { projectId, ids: [...new Set(traceIds)] };
  const rows = await deps.telemetry.query<{ id: string }>(
    `SELECT DISTINCT id FROM (
       SELECT id FROM traces WHERE project_id = {projectId:String} AND id IN {ids:Array(String)}
       UNION ALL SELECT trace_id AS id FROM observations WHERE project_id = {projectId:String} AND trace_id IN {ids:Array(String)}
       UNION ALL SELECT trace_id AS id FROM scores WHERE project_id = {projectId:String} AND trace_id IN {ids:Array(String)})`,
    params,
  );
  const held = new Set(rows.map((r) => r.id));
  for (const id of params.ids) if (!held.has(id) && (await Telemetry.isMirrored(deps, projectId, id))) held.add(id);
  return held;
}

/**
 * Several traces at once, as `deleteTrace` removes one (everything attached, one audit entry per trace). All or
 * nothing: when the project holds nothing of one of the ids, nothing is deleted.
 *
 * @throws not_found naming the ids the project does not hold.
 */
export async function deleteTraces(
  deps: Deleter,
  principal: Principal,
  traceIds: readonly string[],
): Promise<{ deleted: Deleted }> {
  const ids = [...new Set(traceIds)];
  const held = await heldTraceIds(deps, principal.projectId, ids);
  const unknown = ids.filter((id) => !held.has(id));
  if (unknown.length === 1) throw notFound("Trace", unknown[0]);
  if (unknown.length > 1)
    throw notFound(
      `Traces ${unknown
        .slice(0, 10)
        .map((id) => `'${id}'`)
        .join(", ")}${unknown.length > 10 ? ` and ${unknown.length - 10} more` : ""}`,
    );
  const deleted = await purgeTraces(deps, principal.projectId, ids);
  for (const id of ids)
    await Audit.recordChange(deps, principal, {
      action: "trace.deleted",
      target: { type: "trace", id },
      details: { batchOf: ids.length },
    });
  return { deleted };
}
