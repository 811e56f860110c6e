import type { Deps } from "../platform/deps";
import { notFound } from "../platform/errors";
import { TRACE_SUMMARY } from "../telemetry";
import type { PathGroupShape } from "./reads.schema";
import { type TraceListItem, type TraceSummaryRow, traceItem, traceStats } from "./trace-stats";

/** A session's traces beyond this are left out of the answer (`traceCount` still counts all; cost covers those listed). */
export const SESSION_TRACE_LIMIT = 10_000;

const sumCost = (costs: (number | null)[]) =>
  costs.reduce<number | null>((acc, c) => (c === null ? acc : (acc ?? 0) + c), null);

/**
 * Groups traces by the segments of their `sessionPath` (`a/b/c`): a node per segment,
 * its count and cost rolled up over everything below it. Traces without a path form
 * one group with a null segment.
 */
export function groupBySessionPath(traces: readonly TraceListItem[]): PathGroupShape[] {
  const root: PathGroupShape = { segment: null, path: null, traceCount: 0, totalCost: null, traces: [], children: [] };
  const unpathed: PathGroupShape = {
    segment: null,
    path: null,
    traceCount: 0,
    totalCost: null,
    traces: [],
    children: [],
  };
  for (const t of traces) {
    const segments = (t.sessionPath ?? "").split("/").filter((s) => s !== "");
    if (segments.length === 0) {
      unpathed.traces.push(t);
      continue;
    }
    let node = root;
    for (let i = 0; i < segments.length; i++) {
      let child = node.children.find((c) => c.segment === segments[i]);
      if (!child) {
        child = {
          segment: segments[i]!,
          path: segments.slice(0, i + 1).join("/"),
          traceCount: 0,
          totalCost: null,
          traces: [],
          children: [],
        };
        node.children.push(child);
      }
      node = child;
    }
    node.traces.push(t);
  }
  const rollUp = (g: PathGroupShape): PathGroupShape => {
    g.children = g.children.map(rollUp);
    g.traceCount = g.traces.length + g.children.reduce((a, c) => a + c.traceCount, 0);
    g.totalCost = sumCost([...g.traces.map((t) => t.totalCost), ...g.children.map((c) => c.totalCost)]);
    return g;
  };
  const groups = root.children.map(rollUp);
  return unpathed.traces.length ? [...groups, rollUp(unpathed)] : groups;
}

/**
 * One session: its traces in time order with count and cost roll-up, and, when asked,
 * the traces grouped by `sessionPath` segments.
 *
 * @throws not_found when no trace of the project carries the session id.
 */
export async function getSession(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  sessionId: string,
  options: { groupBy?: "sessionPath" } = {},
) {
  const rows = await deps.telemetry.query<TraceSummaryRow & { n: number }>(
    `SELECT ${TRACE_SUMMARY}, toUInt32(count() OVER ()) AS n FROM traces
     WHERE project_id = {projectId:String} AND id IN (SELECT id FROM traces WHERE project_id = {projectId:String} AND session_id.2 = {sessionId:String})
     GROUP BY id HAVING session_id = {sessionId:String} ORDER BY timestamp, id LIMIT ${SESSION_TRACE_LIMIT}`,
    { projectId, sessionId },
  );
  if (rows.length === 0) throw notFound("Session", sessionId);
  const total = rows[0]!.n;
  const ids = rows.map((r) => r.id);
  const stats = await traceStats(deps, projectId, ids);
  const traces = rows.map((r) => traceItem(r, stats.get(r.id)));
  const timestamps = traces
    .map((t) => t.timestamp)
    .filter((x): x is string => x !== null)
    .sort();
  return {
    id: sessionId,
    traceCount: total,
    firstTimestamp: timestamps[0] ?? null,
    lastTimestamp: timestamps.at(-1) ?? null,
    userIds: [...new Set(traces.map((t) => t.userId).filter((u): u is string => u !== null))].sort(),
    environments: [...new Set(traces.map((t) => t.environment))].sort(),
    totalCost: sumCost(traces.map((t) => t.totalCost)),
    traces,
    tracesTruncated: total > rows.length,
    ...(options.groupBy === "sessionPath" ? { groups: groupBySessionPath(traces) } : {}),
  };
}
