import type { Deps } from "../platform/deps";
import { TRACE_SUMMARY, traceFields } from "../telemetry";
import type { TraceSummaryRow } from "./trace-stats";

/** The scalar fields of each of `traceIds` (as the lists show them), for readers that show an observation with its trace's context. */
export async function traceSummaries(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  traceIds: readonly string[],
): Promise<Map<string, ReturnType<typeof traceFields>>> {
  if (traceIds.length === 0) return new Map();
  const rows = await deps.telemetry.query<TraceSummaryRow>(
    `SELECT ${TRACE_SUMMARY} FROM traces WHERE project_id = {projectId:String} AND id IN {ids:Array(String)} GROUP BY id`,
    { projectId, ids: [...new Set(traceIds)] },
  );
  return new Map(rows.map((r) => [r.id, traceFields(r)]));
}
