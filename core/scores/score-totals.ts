import type { Deps } from "../platform/deps";
import { SCORES } from "../telemetry";

/** Trace ids bound per query: query parameters travel in the URL of a ClickHouse server's HTTP interface. */
const TRACE_IDS_PER_QUERY = 2_000;

export interface ScoreTotal {
  traceId: string;
  name: string;
  /** Sum and number of the numeric values of that score name on the trace (any level). */
  sum: number;
  count: number;
}

/**
 * Per trace and score name, the sum and count of numeric score values, for means over a set of
 * traces (dataset runs). Partial rows are folded per score first; categorical scores carry no value
 * and never count. One query per 2,000 traces, never one per trace.
 */
export async function scoreTotalsByTrace(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  traceIds: readonly string[],
): Promise<ScoreTotal[]> {
  const unique = [...new Set(traceIds)];
  const out: ScoreTotal[] = [];
  for (let start = 0; start < unique.length; start += TRACE_IDS_PER_QUERY) {
    const rows = await deps.telemetry.query<{ trace_id: string; name: string; total: number; n: number }>(
      `SELECT trace_id, name, toFloat64(sum(v)) AS total, toUInt32(count()) AS n FROM (
         SELECT trace_id, id, ${SCORES.columns.name!.fold} AS name, ${SCORES.columns.value!.fold} AS v
         FROM scores WHERE project_id = {projectId:String} AND trace_id IN {traceIds:Array(String)}
         GROUP BY trace_id, id)
       WHERE v IS NOT NULL AND name IS NOT NULL GROUP BY trace_id, name`,
      { projectId, traceIds: unique.slice(start, start + TRACE_IDS_PER_QUERY) },
    );
    for (const r of rows) out.push({ traceId: r.trace_id, name: r.name, sum: Number(r.total), count: Number(r.n) });
  }
  return out;
}
