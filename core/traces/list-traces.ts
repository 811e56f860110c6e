import type { Deps } from "../platform/deps";
import type { Page } from "../platform/pagination";
import {
  compileFilters,
  KEY_SORT,
  type LineFormat,
  listLines,
  listPage,
  Params,
  parseFilterParam,
  simpleConditions,
} from "../reads";
import { traceScoreFilter } from "../scores";
import { TRACE_DISPLAY, TRACES } from "../telemetry";
import type { ListTracesQuery } from "./reads.schema";
import { TRACE_LINE } from "./trace-line.ch";
import { type TraceListItem, type TraceSummaryRow, traceItem, traceStats } from "./trace-stats";

/**
 * Traces of the project, newest first by default, with observation count, cost and
 * latency; bodies are left out (`GET /v1/traces/{id}` has them).
 *
 * @throws invalid_input for a bad filter or cursor.
 */
export async function listTraces(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  q: ListTracesQuery,
  options: { candidateRows?: number; keyOrder?: boolean } = {},
): Promise<Page<TraceListItem>> {
  const { rows: folded, nextCursor } = await listPage<TraceSummaryRow>(
    deps,
    tracePlan(projectId, q, options),
    TRACE_DISPLAY,
  );
  const stats = await traceStats(
    deps,
    projectId,
    folded.map((t) => t.id),
  );
  return { data: folded.map((t) => traceItem(t, stats.get(t.id))), nextCursor };
}

/**
 * One page of a key-order walk of the traces list (exports), each trace as its line written by the telemetry store
 * (UTF-8 bytes), JSON or CSV: the values `listTraces` gives in key order, roll-up included
 * (docs/export.md, "Lines written by the store"). `limit` is the raw rows the page spans.
 *
 * @throws invalid_input for a bad filter or cursor.
 */
export function traceLines(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  q: ListTracesQuery,
  format: LineFormat = "jsonl",
): Promise<{ lines: Uint8Array; nextCursor: string | null }> {
  return listLines(deps, tracePlan(projectId, q, { keyOrder: true }), TRACE_DISPLAY, TRACE_LINE, format);
}

function tracePlan(projectId: string, q: ListTracesQuery, options: { candidateRows?: number; keyOrder?: boolean }) {
  const params = new Params();
  const filters = compileFilters(TRACES, traceConditions(q), params, traceScoreFilter(params));
  return {
    entity: TRACES,
    projectId,
    filters,
    params,
    sort: options.keyOrder ? KEY_SORT : { column: q.orderBy, dir: q.order },
    limit: q.limit,
    cursor: q.cursor,
    candidateRows: options.candidateRows,
  };
}

/** The traces list's filters as conditions: its structured parameters and the `filter` JSON. */
export function traceConditions(q: TraceFilters) {
  return [
    ...simpleConditions(q, {
      name: ["name", "="],
      userId: ["userId", "="],
      sessionId: ["sessionId", "="],
      environment: ["environment", "="],
      release: ["release", "="],
      version: ["version", "="],
      from: ["timestamp", ">="],
      to: ["timestamp", "<"],
    }),
    ...(q.tags !== undefined
      ? [{ column: "tags", operator: "in" as const, value: Array.isArray(q.tags) ? q.tags : [q.tags] }]
      : []),
    ...parseFilterParam(q.filter),
  ];
}

export type TraceFilters = Partial<
  Pick<
    ListTracesQuery,
    "name" | "userId" | "sessionId" | "environment" | "release" | "version" | "from" | "to" | "tags" | "filter"
  >
>;

/**
 * The ids of the traces the list's filters match, newest first, at most `limit` (evaluator backfills choose
 * their traces with it, docs/evaluators.md, "Backfill").
 * @throws invalid_input for a bad filter.
 */
export async function matchingTraceIds(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  q: TraceFilters,
  limit: number,
): Promise<string[]> {
  const params = new Params();
  const filters = compileFilters(TRACES, traceConditions(q), params, traceScoreFilter(params));
  const page = {
    entity: TRACES,
    projectId,
    filters,
    params,
    sort: { column: "timestamp", dir: "desc" as const },
    limit,
    cursor: undefined,
  };
  const { rows } = await listPage<{ id: string }>(deps, page, []);
  return rows.map((r) => r.id);
}
