import type { Deps } from "../platform/deps";
import { compileFilters, offsetPage, Params, type SortDir } from "../reads";
import { traceScoreFilter } from "../scores";
import { TRACE_DISPLAY, TRACES } from "../telemetry";
import { type TraceFilters, traceConditions } from "./list-traces";
import { type TraceListItem, type TraceSummaryRow, traceItem, traceStats } from "./trace-stats";

/** Columns a numbered trace list sorts on: the cursor list's, plus the id. */
export const TRACE_PAGE_SORTS = [
  "id",
  "timestamp",
  "name",
  "userId",
  "sessionId",
  "environment",
  "release",
  "version",
] as const;
export type TracePageSort = (typeof TRACE_PAGE_SORTS)[number];

/** Which page of a numbered list: skip `offset` entities, take `limit`. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/**
 * The traces list by page number, with the number of traces the filters match (the same filters,
 * fold and roll-up as `listTraces`; docs/langfuse.md, "Traces").
 *
 * @throws invalid_input for a bad filter.
 */
export async function listTracesPage(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  q: TraceFilters,
  sort: { column: TracePageSort; dir: SortDir },
  window: PageWindow,
): Promise<{ data: TraceListItem[]; total: number }> {
  const params = new Params();
  const filters = compileFilters(TRACES, traceConditions(q), params, traceScoreFilter(params));
  const { rows, total } = await offsetPage<TraceSummaryRow>(
    deps,
    { entity: TRACES, projectId, filters, params, sort, ...window },
    TRACE_DISPLAY,
  );
  const stats = await traceStats(
    deps,
    projectId,
    rows.map((t) => t.id),
  );
  return { data: rows.map((t) => traceItem(t, stats.get(t.id))), total };
}

/** The ids of each trace's observations and scores (in start and time order), for lists that name them. */
export async function traceChildIds(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  traceIds: readonly string[],
): Promise<Map<string, { observations: string[]; scores: string[] }>> {
  const out = new Map(traceIds.map((id) => [id, { observations: [] as string[], scores: [] as string[] }]));
  if (traceIds.length === 0) return out;
  const params = { projectId, ids: [...new Set(traceIds)] };
  const [observations, scores] = await Promise.all([
    deps.telemetry.query<{ trace_id: string; id: string }>(
      `SELECT trace_id, id FROM observations WHERE project_id = {projectId:String} AND trace_id IN {ids:Array(String)} GROUP BY trace_id, id ORDER BY min(start_time), id`,
      params,
    ),
    deps.telemetry.query<{ trace_id: string; id: string }>(
      `SELECT trace_id, id FROM scores WHERE project_id = {projectId:String} AND trace_id IN {ids:Array(String)} GROUP BY trace_id, id ORDER BY min(timestamp), id`,
      params,
    ),
  ]);
  for (const o of observations) out.get(o.trace_id)?.observations.push(o.id);
  for (const s of scores) out.get(s.trace_id)?.scores.push(s.id);
  return out;
}
