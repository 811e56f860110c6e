import type { Deps } from "../platform/deps";
import type { Page } from "../platform/pagination";
import { compileFilters, KEY_SORT, listPage, Params, parseFilterParam, simpleConditions } from "../reads";
import type { ScoreRow } from "../telemetry";
import { SCORE_DISPLAY, SCORES } from "../telemetry";
import type { ListScoresQuery } from "./score-reads.schema";
import { scoreView } from "./score-view";

/**
 * Scores of the project, newest first by default; value ranges go through `filter`
 * (`{"column": "value", "operator": ">=", "value": 0.5}`).
 *
 * @throws invalid_input for a bad filter or cursor.
 */
export async function listScores(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  q: ListScoresQuery,
  options: { candidateRows?: number; keyOrder?: boolean } = {},
): Promise<Page<ReturnType<typeof scoreView>>> {
  const params = new Params();
  const conditions = [
    ...simpleConditions(q, {
      name: ["name", "="],
      source: ["source", "="],
      dataType: ["dataType", "="],
      traceId: ["traceId", "="],
      observationId: ["observationId", "="],
      sessionId: ["sessionId", "="],
      configId: ["configId", "="],
      environment: ["environment", "="],
      from: ["timestamp", ">="],
      to: ["timestamp", "<"],
    }),
    ...parseFilterParam(q.filter),
  ];
  const filters = compileFilters(SCORES, conditions, params);
  const page = {
    entity: SCORES,
    projectId,
    filters,
    params,
    sort: options.keyOrder ? KEY_SORT : { column: "timestamp", dir: q.order },
    limit: q.limit,
    cursor: q.cursor,
    candidateRows: options.candidateRows,
  };
  const { rows: folded, nextCursor } = await listPage<ScoreRow>(deps, page, SCORE_DISPLAY);
  return { data: folded.map(scoreView), nextCursor };
}
