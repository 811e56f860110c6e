import type { Deps } from "../platform/deps";
import type { Page } from "../platform/pagination";
import {
  compileFilters,
  KEY_SORT,
  type LineFormat,
  type ListPlan,
  listLines,
  listPage,
  Params,
  parseFilterParam,
  simpleConditions,
} from "../reads";
import type { ScoreRow } from "../telemetry";
import { SCORE_DISPLAY, SCORES } from "../telemetry";
import { SCORE_LINE } from "./score-line.ch";
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
  const { rows: folded, nextCursor } = await listPage<ScoreRow>(deps, scorePlan(projectId, q, options), SCORE_DISPLAY);
  return { data: folded.map(scoreView), nextCursor };
}

/**
 * One page of a key-order walk of the scores list (exports), each score as its line written by the telemetry
 * store (UTF-8 bytes), JSON or CSV: the values `listScores` gives in key order
 * (docs/export.md, "Lines written by the store"). `limit` is the raw rows the page spans.
 *
 * @throws invalid_input for a bad filter or cursor.
 */
export function scoreLines(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  q: ListScoresQuery,
  format: LineFormat = "jsonl",
): Promise<{ lines: Uint8Array; nextCursor: string | null }> {
  return listLines(deps, scorePlan(projectId, q, { keyOrder: true }), SCORE_DISPLAY, SCORE_LINE, format);
}

function scorePlan(
  projectId: string,
  q: ListScoresQuery,
  options: { candidateRows?: number; keyOrder?: boolean },
): ListPlan {
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
  return {
    entity: SCORES,
    projectId,
    filters,
    params,
    sort: options.keyOrder ? KEY_SORT : { column: "timestamp", dir: q.order },
    limit: q.limit,
    cursor: q.cursor,
    candidateRows: options.candidateRows,
  };
}
