import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import * as Telemetry from "../telemetry";

/**
 * `DELETE /v1/scores/{id}`: the score's rows (lightweight DELETE: gone from reads at once), and its partition
 * day when it was sent without a trace; audited. A score written again later under the same id comes back.
 * @throws not_found when the project holds no score of that id.
 */
export async function deleteScore(
  deps: Pick<Deps, "telemetry" | "db" | "clock" | "ids">,
  principal: Principal,
  id: string,
): Promise<{ deleted: { scores: number } }> {
  const params = { projectId: principal.projectId, id };
  const rows = await deps.telemetry.query<{ trace_id: string; name: string }>(
    "SELECT trace_id, name.2 AS name FROM scores FINAL PREWHERE project_id = {projectId:String} AND id = {id:String}",
    params,
  );
  if (rows.length === 0) throw notFound("Score", id);
  await deps.telemetry.command("DELETE FROM scores WHERE project_id = {projectId:String} AND id = {id:String}", params);
  if (rows.every((r) => !r.trace_id)) await Telemetry.forgetTraces(deps, principal.projectId, [id], "score");
  await Audit.recordChange(deps, principal, {
    action: "score.deleted",
    target: { type: "score", id },
    details: { name: rows[0]!.name, traceId: rows[0]!.trace_id || null },
  });
  return { deleted: { scores: 1 } };
}
