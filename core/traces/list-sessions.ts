import * as z from "zod";
import type { Deps } from "../platform/deps";
import { decodeCursor, type Page } from "../platform/pagination";
import { Params } from "../reads";
import { chDateTime, isoOf } from "../telemetry";
import type { ListSessionsQuery } from "./reads.schema";
import { traceStats } from "./trace-stats";

export interface SessionSummary {
  id: string;
  traceCount: number;
  firstTimestamp: string | null;
  lastTimestamp: string | null;
  userIds: string[];
  environments: string[];
  totalCost: number | null;
}

const Cursor = z.object({ s: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/), k: z.string() });

/**
 * Folded traces that name a session (`session_id`) or an end user (`user_id`), with a list's filters (`from`/`to`,
 * `environment`, and `userId` for sessions); `ids` narrows to those sessions or users. The narrowing on the raw rows
 * comes first, so the fold reads only traces that name one.
 */
export function groupedTraces(
  params: Params,
  by: "session_id" | "user_id",
  q: Pick<ListSessionsQuery, "from" | "to" | "environment" | "userId">,
  ids?: string[],
): string {
  const where = [`${by} IS NOT NULL`];
  if (ids) where.push(`${by} IN ${params.bind("Array(String)", ids)}`);
  if (q.environment !== undefined) where.push(`env = ${params.bind("String", q.environment)}`);
  if (q.userId !== undefined) where.push(`user_id = ${params.bind("String", q.userId)}`);
  if (q.from !== undefined) where.push(`ts >= ${params.bind("DateTime64(3, 'UTC')", chDateTime(q.from))}`);
  if (q.to !== undefined) where.push(`ts < ${params.bind("DateTime64(3, 'UTC')", chDateTime(q.to))}`);
  const narrow = ids ? `${by}.2 IN ${params.bind("Array(String)", ids)}` : `${by}.2 IS NOT NULL`;
  return `SELECT * FROM (
      SELECT id, max(session_id).2 AS session_id, min(timestamp) AS ts, max(user_id).2 AS user_id, ifNull(max(environment).2, 'default') AS env
      FROM traces WHERE project_id = {projectId:String} AND id IN (SELECT id FROM traces WHERE project_id = {projectId:String} AND ${narrow}) GROUP BY id)
    WHERE ${where.join(" AND ")}`;
}

/** Cost per session: the folded cost of every observation of its traces. */
export async function sessionCosts(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  traces: readonly { id: string; session_id: string }[],
): Promise<Map<string, number | null>> {
  const stats = await traceStats(
    deps,
    projectId,
    traces.map((t) => t.id),
  );
  const out = new Map<string, number | null>();
  for (const t of traces) {
    const cost = stats.get(t.id)?.totalCost ?? null;
    const prev = out.get(t.session_id) ?? null;
    out.set(t.session_id, cost === null ? prev : (prev ?? 0) + cost);
  }
  return out;
}

/**
 * Sessions (traces sharing a `sessionId`), most recently active first, with trace
 * count, time span, users, environments and cost. `from`/`to`, `environment` and
 * `userId` select the traces a session is summarised over.
 *
 * @throws invalid_input for a bad cursor.
 */
/** A session's row of the grouped statement, with its cost, as the lists answer it. */
export interface SessionRow {
  session_id: string;
  traces: number;
  first: string | null;
  last: string | null;
  users: string[];
  envs: string[];
}

export const sessionSummary = (r: SessionRow, costs: Map<string, number | null>): SessionSummary => ({
  id: r.session_id,
  traceCount: r.traces,
  firstTimestamp: isoOf(r.first),
  lastTimestamp: isoOf(r.last),
  userIds: r.users,
  environments: r.envs,
  totalCost: costs.get(r.session_id) ?? null,
});

export async function listSessions(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  q: ListSessionsQuery,
): Promise<Page<SessionSummary>> {
  const params = new Params({ projectId });
  const cursor = q.cursor ? decodeCursor(q.cursor, Cursor) : null;
  const having = cursor
    ? `HAVING last_ts < ${params.bind("DateTime64(3, 'UTC')", cursor.s)} OR (last_ts = ${params.bind("DateTime64(3, 'UTC')", cursor.s)} AND session_id < ${params.bind("String", cursor.k)})`
    : "";
  const rows = await deps.telemetry.query<{
    session_id: string;
    traces: number;
    first: string | null;
    last: string | null;
    users: string[];
    envs: string[];
  }>(
    `SELECT session_id, toUInt32(count()) AS traces, toString(min(ts)) AS first, toString(max(ts)) AS last, max(ts) AS last_ts,
       arraySort(groupUniqArray(user_id)) AS users, arraySort(groupUniqArray(env)) AS envs
     FROM (${groupedTraces(params, "session_id", q)}) GROUP BY session_id ${having}
     ORDER BY last_ts DESC, session_id DESC LIMIT ${q.limit + 1}`,
    params.values,
  );
  const page = rows.slice(0, q.limit);
  const costParams = new Params({ projectId });
  const traces = page.length
    ? await deps.telemetry.query<{ id: string; session_id: string }>(
        `SELECT id, session_id FROM (${groupedTraces(
          costParams,
          "session_id",
          q,
          page.map((r) => r.session_id),
        )})`,
        costParams.values,
      )
    : [];
  const costs = await sessionCosts(deps, projectId, traces);
  const last = page.at(-1);
  return {
    data: page.map((r) => sessionSummary(r, costs)),
    nextCursor:
      rows.length > q.limit && last?.last
        ? Buffer.from(JSON.stringify({ s: last.last, k: last.session_id })).toString("base64url")
        : null,
  };
}
