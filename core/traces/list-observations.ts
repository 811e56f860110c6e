import type { Deps } from "../platform/deps";
import type { Page } from "../platform/pagination";
import {
  type CompiledFilters,
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
import { observationScoreFilter } from "../scores";
import type { ObservationRow } from "../telemetry";
import { type Display, isoOf, OBSERVATION_DISPLAY, OBSERVATIONS } from "../telemetry";
import { observationItem, observationView } from "./get-trace";
import { OBSERVATION_LINE } from "./observation-line.ch";
import type { ListObservationsQuery, ObservationSelection } from "./reads.schema";

type Reader = Pick<Deps, "telemetry" | "blobs">;
export type ObservationListItem = ReturnType<typeof observationItem>;

/** The list's display columns with the bodies, for readers that want whole observations. */
export const WITH_BODIES: Display = [
  ...OBSERVATION_DISPLAY,
  ["input", "max(input).2"],
  ["output", "max(output).2"],
  ["metadata", "max(metadata).2"],
];

/** Traces whose folded `column` equals the bound value: for observation lists filtered by a trace field. */
export const traceFieldIs = (params: Params, column: "user_id" | "session_id", value: string) => {
  const v = params.bind("String", value);
  return `trace_id IN (SELECT id FROM traces WHERE project_id = {projectId:String}
    AND id IN (SELECT id FROM traces WHERE project_id = {projectId:String} AND ${column}.2 = ${v}) GROUP BY id HAVING max(${column}).2 = ${v})`;
};

/** The span explorer's filters (simple parameters and the `filter` array) compiled once, for the list and bulk selections. */
export function observationFilters(q: ObservationSelection, params: Params): CompiledFilters {
  const conditions = [
    ...simpleConditions(q, {
      name: ["name", "="],
      type: ["type", "="],
      model: ["model", "="],
      environment: ["environment", "="],
      level: ["level", "="],
      traceId: ["traceId", "="],
      from: ["startTime", ">="],
      to: ["startTime", "<"],
    }),
    ...parseFilterParam(q.filter),
  ];
  const filters = compileFilters(OBSERVATIONS, conditions, params, observationScoreFilter(params));
  if (q.userId !== undefined) filters.keyed.push(traceFieldIs(params, "user_id", q.userId));
  if (q.sessionId !== undefined) filters.keyed.push(traceFieldIs(params, "session_id", q.sessionId));
  return filters;
}

/**
 * The span explorer: every observation of the project as a flat, filtered, sorted page
 * (bodies are left out; `GET /v1/traces/{id}` has them).
 *
 * @throws invalid_input for a bad filter or cursor.
 */
export async function listObservations(
  deps: Reader,
  projectId: string,
  q: ListObservationsQuery,
  options: { candidateRows?: number; keyOrder?: boolean } = {},
): Promise<Page<ObservationListItem>> {
  const { rows: folded, nextCursor } = await foldedPage(deps, projectId, q, OBSERVATION_DISPLAY, options);
  return { data: folded.map(observationItem), nextCursor };
}

/**
 * One page of a key-order walk of the span explorer's rows (exports), each observation as its line
 * written by the telemetry store (UTF-8 bytes), JSON or CSV: the values `listObservations` gives in key order
 * (docs/export.md, "Lines written by the store"). `limit` is the raw rows the page spans.
 *
 * @throws invalid_input for a bad filter or cursor.
 */
export function observationLines(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  q: ListObservationsQuery,
  format: LineFormat = "jsonl",
): Promise<{ lines: Uint8Array; nextCursor: string | null }> {
  return listLines(
    deps,
    observationPlan(projectId, q, { keyOrder: true }),
    OBSERVATION_DISPLAY,
    OBSERVATION_LINE,
    format,
  );
}

/**
 * The span explorer's cursor list with each observation as the trace read shows it, plus when it was
 * stored: bodies whole (offloaded ones fetched) when `bodies`, `null` otherwise, so a reader that does not
 * show them reads no blob (docs/langfuse.md, "Observations v2").
 *
 * @throws invalid_input for a bad filter or cursor.
 */
export async function listObservationsWhole(
  deps: Reader,
  projectId: string,
  q: ListObservationsQuery,
  options: { bodies: boolean },
) {
  const { rows, nextCursor } = await foldedPage(deps, projectId, q, options.bodies ? WITH_BODIES : OBSERVATION_DISPLAY);
  const data = await Promise.all(
    rows.map(async (o) => ({
      ...(await observationView(deps, options.bodies ? o : { ...o, input: null, output: null, metadata: null })),
      createdAt: isoOf(o.created_at),
      updatedAt: isoOf(o.updated_at),
    })),
  );
  return { data, nextCursor };
}

/** One page of the span explorer's folded rows with the `display` columns, in the query's order or, for exports, the key's (docs/export.md). */
function foldedPage(
  deps: Reader,
  projectId: string,
  q: ListObservationsQuery,
  display: Display,
  options: { candidateRows?: number; keyOrder?: boolean } = {},
) {
  return listPage<ObservationRow>(deps, observationPlan(projectId, q, options), display);
}

/** The span explorer's list plan for `q`: its filters, and its order or, for exports, the key's. */
function observationPlan(
  projectId: string,
  q: ListObservationsQuery,
  options: { candidateRows?: number; keyOrder?: boolean },
): ListPlan {
  const params = new Params();
  return {
    entity: OBSERVATIONS,
    projectId,
    filters: observationFilters(q, params),
    params,
    sort: options.keyOrder ? KEY_SORT : { column: q.orderBy, dir: q.order },
    limit: q.limit,
    cursor: q.cursor,
    candidateRows: options.candidateRows,
  };
}
