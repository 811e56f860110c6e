import * as z from "zod";
import type { Deps } from "../platform/deps";
import { decodeCursor, type Page } from "../platform/pagination";
import { Params } from "../reads";
import { isoOf, unpack } from "../telemetry";
import { groupedTraces } from "./list-sessions";
import type { ListUsersQuery, UserSummary } from "./reads.schema";

const Cursor = z.object({ s: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/), k: z.string() });

/**
 * End users of the project (the `userId` traces carry), most recently active first, with trace and session
 * counts, time span, environments, and the cost and tokens of their traces' observations. `from`/`to` and
 * `environment` select the traces a user is summarised over (docs/reads.md, "Decisions": users).
 *
 * @throws invalid_input for a bad cursor.
 */
export async function listUsers(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  q: ListUsersQuery,
): Promise<Page<UserSummary>> {
  const params = new Params({ projectId });
  const cursor = q.cursor ? decodeCursor(q.cursor, Cursor) : null;
  const having = cursor
    ? `HAVING last_ts < ${params.bind("DateTime64(3, 'UTC')", cursor.s)} OR (last_ts = ${params.bind("DateTime64(3, 'UTC')", cursor.s)} AND user_id < ${params.bind("String", cursor.k)})`
    : "";
  const rows = await deps.telemetry.query<{
    user_id: string;
    traces: number;
    sessions: number;
    first: string | null;
    last: string | null;
    envs: string[];
  }>(
    `SELECT user_id, toUInt32(count()) AS traces, toUInt32(uniqExact(session_id)) AS sessions, toString(min(ts)) AS first, toString(max(ts)) AS last,
       max(ts) AS last_ts, arraySort(groupUniqArray(env)) AS envs
     FROM (${groupedTraces(params, "user_id", q)}) GROUP BY user_id ${having}
     ORDER BY last_ts DESC, user_id DESC LIMIT ${q.limit + 1}`,
    params.values,
  );
  const page = rows.slice(0, q.limit);
  const usage = await userUsage(
    deps,
    projectId,
    q,
    page.map((r) => r.user_id),
  );
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: r.user_id,
      traceCount: r.traces,
      sessionCount: r.sessions,
      firstTimestamp: isoOf(r.first),
      lastTimestamp: isoOf(r.last),
      environments: r.envs,
      totalCost: usage.get(r.user_id)?.cost ?? null,
      totalTokens: usage.get(r.user_id)?.tokens ?? null,
    })),
    nextCursor:
      rows.length > q.limit && last?.last
        ? Buffer.from(JSON.stringify({ s: last.last, k: last.user_id })).toString("base64url")
        : null,
  };
}

/** Cost and total tokens per user: the folded observations of the users' traces, with the list's filters. */
async function userUsage(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  q: ListUsersQuery,
  userIds: string[],
): Promise<Map<string, { cost: number | null; tokens: number | null }>> {
  if (userIds.length === 0) return new Map();
  const params = new Params({ projectId });
  const traces = groupedTraces(params, "user_id", q, userIds);
  const rows = await deps.telemetry.query<{
    user_id: string;
    costed: number;
    cost: number | null;
    counted: number;
    tokens: number | null;
  }>(
    `SELECT t.user_id AS user_id, toUInt32(countIf(o.c IS NOT NULL)) AS costed, sum(o.c) AS cost, toUInt32(countIf(o.n IS NOT NULL)) AS counted, sum(o.n) AS tokens
     FROM (SELECT trace_id, id, ${unpack("max(cost_usd)")} AS c, ${unpack("max(total_tokens)")} AS n
           FROM observations WHERE project_id = {projectId:String} AND trace_id IN (SELECT id FROM (${traces})) GROUP BY trace_id, id) AS o
     INNER JOIN (SELECT id, user_id FROM (${traces})) AS t ON o.trace_id = t.id
     GROUP BY t.user_id`,
    params.values,
  );
  return new Map(
    rows.map((r) => [
      r.user_id,
      { cost: r.costed > 0 ? Number(r.cost) : null, tokens: r.counted > 0 ? Number(r.tokens) : null },
    ]),
  );
}
