import type { Deps } from "../platform/deps";
import { alias, type Condition, compileFilters, Params, traceIdsMatching } from "../reads";
import { SCORE_COLUMNS, SCORE_DISPLAY, SCORES, type ScoreRow, selectDisplay } from "../telemetry";
import { scoreView } from "./score-view";

/** A score as the reads show it, with when it was first stored. */
export type StoredScore = ReturnType<typeof scoreView> & { createdAt: string | null };

/** What a score's trace says about it (Langfuse's score lists show it beside the score). */
export interface ScoreTrace {
  userId: string | null;
  tags: string[];
  environment: string;
  sessionId: string | null;
}

export interface ScorePageQuery {
  /** Conditions on the scores list's columns (name, source, dataType, value, id, …). */
  conditions: readonly Condition[];
  /** Conditions the score's trace must meet (userId, tags, …); none by default. */
  traces?: readonly Condition[];
  offset: number;
  limit: number;
}

const viewOf = (r: ScoreRow): StoredScore => ({
  ...scoreView(r),
  createdAt: r.created_at ? `${r.created_at.replace(" ", "T")}Z` : null,
});

/**
 * One page of the project's scores, newest first, by offset, with the number of scores the filters match: the
 * page-numbered lists of the Langfuse-compatible API (docs/langfuse.md, "Scores"). The same columns and filters
 * as `GET /v1/scores`; every matching score is folded, so it suits pages near the start.
 * @throws invalid_input for a bad filter.
 */
export async function pageScores(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  q: ScorePageQuery,
): Promise<{ data: StoredScore[]; totalItems: number }> {
  const params = new Params({ projectId });
  const filters = compileFilters(SCORES, q.conditions, params);
  const keyed = [...filters.keyed, ...(q.traces?.length ? [traceIdsMatching(params, q.traces)] : [])];
  const folds = [...filters.columns].map((c) => `${SCORES.columns[c]!.fold} AS ${alias(c)}`);
  const matching = `SELECT trace_id, id, min(timestamp) AS sv${folds.length ? `, ${folds.join(", ")}` : ""}
    FROM scores WHERE ${["project_id = {projectId:String}", ...keyed].join(" AND ")} GROUP BY trace_id, id${filters.exact.length ? ` HAVING ${filters.exact.join(" AND ")}` : ""}`;
  const [count, keys] = await Promise.all([
    deps.telemetry.query<{ n: number | string }>(`SELECT count() AS n FROM (${matching})`, params.values),
    deps.telemetry.query<{ trace_id: string; id: string }>(
      `SELECT trace_id, id FROM (${matching}) ORDER BY sv DESC, trace_id DESC, id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
      params.values,
    ),
  ]);
  const totalItems = Number(count[0]?.n ?? 0);
  if (keys.length === 0) return { data: [], totalItems };
  const rows = await deps.telemetry.query<Record<string, unknown>>(
    `SELECT trace_id, id, ${selectDisplay(SCORE_DISPLAY)} FROM scores WHERE project_id = {projectId:String} AND trace_id IN {traceIds:Array(String)} AND id IN {ids:Array(String)} GROUP BY trace_id, id`,
    { projectId, traceIds: [...new Set(keys.map((k) => k.trace_id))], ids: keys.map((k) => k.id) },
  );
  const byKey = new Map(rows.map((r) => [`${String(r.trace_id)}\u0000${String(r.id)}`, r as unknown as ScoreRow]));
  return { data: keys.flatMap((k) => byKey.get(`${k.trace_id}\u0000${k.id}`) ?? []).map(viewOf), totalItems };
}

/** One score of the project, or null. */
export async function findScore(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  id: string,
): Promise<StoredScore | null> {
  const [row] = await deps.telemetry.query<ScoreRow>(
    `SELECT ${SCORE_COLUMNS} FROM scores FINAL PREWHERE project_id = {projectId:String} AND id = {id:String} ORDER BY timestamp DESC LIMIT 1`,
    { projectId, id },
  );
  return row ? viewOf(row) : null;
}

/** The user, tags, environment and session of the given traces, by trace id. */
export async function scoreTraces(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  traceIds: readonly string[],
): Promise<Map<string, ScoreTrace>> {
  const ids = [...new Set(traceIds.filter(Boolean))];
  if (ids.length === 0) return new Map();
  const rows = await deps.telemetry.query<{
    id: string;
    user_id: string | null;
    tags: string[];
    environment: string | null;
    session_id: string | null;
  }>(
    `SELECT id, max(user_id).2 AS user_id, groupUniqArrayArray(tags) AS tags, max(environment).2 AS environment, max(session_id).2 AS session_id
     FROM traces WHERE project_id = {projectId:String} AND id IN {ids:Array(String)} GROUP BY id`,
    { projectId, ids },
  );
  return new Map(
    rows.map((r) => [
      r.id,
      { userId: r.user_id, tags: [...r.tags].sort(), environment: r.environment ?? "default", sessionId: r.session_id },
    ]),
  );
}
