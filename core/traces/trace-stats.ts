import type { Deps } from "../platform/deps";
import { isoOf, type TraceRow, traceFields, unpack } from "../telemetry";

export interface TraceStats {
  observationCount: number;
  totalCost: number | null;
  firstStart: string | null;
  lastEnd: string | null;
}

/** Observation count, cost and time span per trace, folded from the observations of `traceIds` only. */
export async function traceStats(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  traceIds: readonly string[],
): Promise<Map<string, TraceStats>> {
  if (traceIds.length === 0) return new Map();
  const rows = await deps.telemetry.query<{
    trace_id: string;
    n: number;
    costed: number;
    cost: number | null;
    first: string | null;
    last: string | null;
  }>(
    `SELECT trace_id, toUInt32(count()) AS n, toUInt32(countIf(c IS NOT NULL)) AS costed, sum(c) AS cost, toString(min(s)) AS first, toString(max(e)) AS last
     FROM (SELECT trace_id, id, ${unpack("max(cost_usd)")} AS c, min(start_time) AS s, max(end_time) AS e
           FROM observations WHERE project_id = {projectId:String} AND trace_id IN {ids:Array(String)} GROUP BY trace_id, id)
     GROUP BY trace_id`,
    { projectId, ids: [...new Set(traceIds)] },
  );
  return new Map(
    rows.map((r) => [
      r.trace_id,
      {
        observationCount: r.n,
        totalCost: r.costed > 0 ? Number(r.cost) : null,
        firstStart: isoOf(r.first),
        lastEnd: isoOf(r.last),
      },
    ]),
  );
}

export type TraceSummaryRow = Omit<TraceRow, "input" | "output" | "metadata">;

/** A trace row of a list, with its observations' roll-up (the same rules as the trace detail). */
export function traceItem(t: TraceSummaryRow, stats: TraceStats | undefined) {
  const timestamp = isoOf(t.timestamp);
  const starts = [timestamp, stats?.firstStart ?? null].filter((x): x is string => x !== null).sort();
  const end = stats?.lastEnd ?? null;
  return {
    ...traceFields(t),
    observationCount: stats?.observationCount ?? 0,
    totalCost: stats?.totalCost ?? null,
    latencyMs: starts.length && end ? Date.parse(end) - Date.parse(starts[0]!) : null,
  };
}
export type TraceListItem = ReturnType<typeof traceItem>;
