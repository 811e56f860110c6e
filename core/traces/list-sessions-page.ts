import type { Deps } from "../platform/deps";
import { Params } from "../reads";
import { groupedTraces, type SessionRow, type SessionSummary, sessionCosts, sessionSummary } from "./list-sessions";
import type { PageWindow } from "./list-traces-page";
import type { ListSessionsQuery } from "./reads.schema";

type SessionFilters = Pick<ListSessionsQuery, "from" | "to" | "userId"> & { environments?: string[] };

/** The sessions' traces, the list's filters applied; several environments match any of them. */
function sessionTraces(params: Params, q: SessionFilters, ids?: string[]): string {
  const grouped = groupedTraces(params, "session_id", { from: q.from, to: q.to, userId: q.userId }, ids);
  return q.environments?.length
    ? `SELECT * FROM (${grouped}) WHERE env IN ${params.bind("Array(String)", q.environments)}`
    : grouped;
}

/**
 * Sessions by page number, most recently active first (as `listSessions`), with the number of sessions
 * the filters match.
 */
export async function listSessionsPage(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  q: SessionFilters,
  window: PageWindow,
): Promise<{ data: SessionSummary[]; total: number }> {
  const params = new Params({ projectId });
  const sessions = `SELECT session_id, toUInt32(count()) AS traces, toString(min(ts)) AS first, toString(max(ts)) AS last, max(ts) AS last_ts,
      arraySort(groupUniqArray(user_id)) AS users, arraySort(groupUniqArray(env)) AS envs
    FROM (${sessionTraces(params, q)}) GROUP BY session_id`;
  const [counted, rows] = await Promise.all([
    deps.telemetry.query<{ n: number | string }>(`SELECT count() AS n FROM (${sessions})`, params.values),
    deps.telemetry.query<SessionRow>(
      `${sessions} ORDER BY last_ts DESC, session_id DESC LIMIT ${window.limit} OFFSET ${window.offset}`,
      params.values,
    ),
  ]);
  const costParams = new Params({ projectId });
  const traces = rows.length
    ? await deps.telemetry.query<{ id: string; session_id: string }>(
        `SELECT id, session_id FROM (${sessionTraces(
          costParams,
          q,
          rows.map((r) => r.session_id),
        )})`,
        costParams.values,
      )
    : [];
  const costs = await sessionCosts(deps, projectId, traces);
  return {
    data: rows.map((r) => sessionSummary(r, costs)),
    total: Number(counted[0]?.n ?? 0),
  };
}
