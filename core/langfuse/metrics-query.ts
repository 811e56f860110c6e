import * as z from "zod";
import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import type * as Reads from "../reads";
import * as Traces from "../traces";
import { pickMeasures, supportedList } from "./metrics-measures";
import { planScoreQuery, SCORE_VIEWS } from "./metrics-scores";

const Iso = z
  .string()
  .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && Number.isFinite(Date.parse(s)), "expected an ISO-8601 date-time");

/** The JSON of `GET /api/public/metrics?query=…`, as Langfuse documents it. */
export const LfMetricsQueryObject = z.object({
  view: z.string(),
  dimensions: z.array(z.object({ field: z.string() })).default([]),
  metrics: z.array(z.object({ measure: z.string(), aggregation: z.string() })).min(1),
  filters: z
    .array(
      z.object({
        column: z.string(),
        operator: z.string(),
        value: z.unknown(),
        type: z.string().optional(),
        key: z.string().optional(),
      }),
    )
    .default([]),
  timeDimension: z.object({ granularity: z.string() }).nullish(),
  fromTimestamp: Iso,
  toTimestamp: Iso,
  orderBy: z.array(z.object({ field: z.string(), direction: z.enum(["asc", "desc"]) })).nullish(),
  config: z.object({ bins: z.number().optional(), row_limit: z.number().int().min(1).max(1000).optional() }).nullish(),
});
export type LfMetricsQueryObject = z.infer<typeof LfMetricsQueryObject>;

/** `?query=` holds JSON: parsed here so a bad one is a 400 naming the place. @throws invalid_input */
export function parseMetricsQuery(text: string): LfMetricsQueryObject {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid("Invalid query.query: not valid JSON");
  }
  const parsed = LfMetricsQueryObject.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw invalid(
      `Invalid query.query${first.path.length ? `.${first.path.join(".")}` : ""}: ${first.message}`,
      parsed.error.issues,
    );
  }
  return parsed.data;
}

type Row = Traces.MetricsRow;
type Measure = Record<string, (r: Row) => number | null>;

/** What each view answers: the measures and aggregations our metrics aggregate computes, nothing more. */
const VIEWS: Record<
  string,
  {
    dimensions: Record<string, "environment" | "model">;
    measures: Record<string, Measure>;
    traceFilters: Record<string, string>;
    environmentFilter: string[];
  }
> = {
  observations: {
    dimensions: { environment: "environment", providedModelName: "model" },
    measures: {
      count: { count: (r) => r.observations },
      totalCost: { sum: (r) => r.costUsd },
      inputTokens: { sum: (r) => r.inputTokens },
      outputTokens: { sum: (r) => r.outputTokens },
      totalTokens: { sum: (r) => r.totalTokens },
      latency: { p50: (r) => r.latencyP50Ms, p95: (r) => r.latencyP95Ms, p99: (r) => r.latencyP99Ms },
    },
    traceFilters: { traceName: "name", userId: "userId", sessionId: "sessionId", tags: "tags" },
    environmentFilter: ["environment"],
  },
  traces: {
    dimensions: { environment: "environment" },
    measures: {
      count: { count: (r) => r.traces },
      observationsCount: { sum: (r) => r.observations },
      totalCost: { sum: (r) => r.costUsd },
      totalTokens: { sum: (r) => r.totalTokens },
    },
    traceFilters: {
      name: "name",
      userId: "userId",
      sessionId: "sessionId",
      tags: "tags",
      release: "release",
      version: "version",
    },
    environmentFilter: ["environment"],
  },
};

/** Langfuse's filters as conditions on the traces, or the one environment. @throws invalid_input for any other. */
function filtersOf(q: LfMetricsQueryObject, view: (typeof VIEWS)[string]) {
  const traces: Reads.Condition[] = [];
  let environment: string | undefined;
  q.filters.forEach((f, i) => {
    const place = `Invalid query.query.filters.${i}`;
    const values = Array.isArray(f.value) ? f.value : [f.value];
    if (!values.every((v) => typeof v === "string"))
      throw invalid(`${place}.value: expected a string or an array of strings`);
    if (view.environmentFilter.includes(f.column)) {
      if (!(f.operator === "=" || ((f.operator === "any of" || f.operator === "in") && values.length === 1)))
        throw invalid(`${place}: environment takes '=' with one value`);
      environment = values[0] as string;
      return;
    }
    const column = view.traceFilters[f.column];
    if (!column)
      throw invalid(
        `${place}.column: '${f.column}' is not supported; supported: ${supportedList([...view.environmentFilter, ...Object.keys(view.traceFilters)])}`,
      );
    if (f.operator === "=" && values.length === 1) traces.push({ column, operator: "=", value: values[0] as string });
    else if (f.operator === "any of") traces.push({ column, operator: "in", value: values as string[] });
    else if (f.operator === "all of" && column === "tags")
      for (const v of values) traces.push({ column, operator: "=", value: v as string });
    else
      throw invalid(
        `${place}.operator: '${f.operator}' is not supported on ${f.column}; use '=' or 'any of'${column === "tags" ? " or 'all of'" : ""}`,
      );
  });
  return { traces, environment };
}

/**
 * `GET /api/public/metrics?query=…` onto the aggregate behind `GET /v1/metrics` and, for the score views, the score
 * aggregate (docs/langfuse.md, "Metrics"): the traces, observations and score views, their measures we compute, per
 * day. Anything else is a 400 naming what is not supported.
 */
export async function queryMetrics(deps: Pick<Deps, "telemetry">, projectId: string, q: LfMetricsQueryObject) {
  const view = Object.hasOwn(VIEWS, q.view) ? VIEWS[q.view]! : null;
  const scoreView = Object.hasOwn(SCORE_VIEWS, q.view) ? SCORE_VIEWS[q.view]! : null;
  if (!view && !scoreView)
    throw invalid(
      `Invalid query.query.view: '${q.view}' is not supported; supported: ${supportedList([...Object.keys(VIEWS), ...Object.keys(SCORE_VIEWS)])}`,
    );
  if (q.timeDimension && !["day", "auto"].includes(q.timeDimension.granularity))
    throw invalid(
      `Invalid query.query.timeDimension.granularity: '${q.timeDimension.granularity}' is not supported; supported: day, auto (as day)`,
    );
  const byDay = Boolean(q.timeDimension);
  const plan = scoreView
    ? planScoreQuery(deps, projectId, q, scoreView, byDay)
    : planTelemetryQuery(deps, projectId, q, view!, byDay);
  const fields = new Set(plan.fields);
  for (const [i, o] of (q.orderBy ?? []).entries()) {
    if (!fields.has(o.field))
      throw invalid(
        `Invalid query.query.orderBy.${i}.field: '${o.field}' is not among the query's fields (${supportedList(fields)})`,
      );
  }
  const from = new Date(q.fromTimestamp);
  const to = new Date(q.toTimestamp);
  if (!(from < to)) throw invalid("Invalid query.query: fromTimestamp must be before toTimestamp");
  let data: Record<string, unknown>[] = await plan.run(from, to);
  if (q.orderBy?.length) data = [...data].sort((a, b) => compareBy(a, b, q.orderBy!));
  return { data: q.config?.row_limit ? data.slice(0, q.config.row_limit) : data };
}

/** The observations and traces views: their fields and rows from the aggregate behind `GET /v1/metrics`. */
function planTelemetryQuery(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  q: LfMetricsQueryObject,
  view: (typeof VIEWS)[string],
  byDay: boolean,
) {
  const dims: Traces.MetricsDimension[] = byDay ? ["day"] : [];
  q.dimensions.forEach((d, i) => {
    const dim = Object.hasOwn(view.dimensions, d.field) ? view.dimensions[d.field]! : null;
    if (!dim)
      throw invalid(
        `Invalid query.query.dimensions.${i}.field: '${d.field}' is not supported on ${q.view}; supported: ${supportedList(Object.keys(view.dimensions))}`,
      );
    if (!dims.includes(dim)) dims.push(dim);
  });
  const measures = pickMeasures(q, view.measures);
  const fields = [
    ...(byDay ? ["time_dimension"] : []),
    ...q.dimensions.map((d) => d.field),
    ...measures.map((m) => m.key),
  ];
  const { traces, environment } = filtersOf(q, view);
  const named = Object.entries(view.dimensions);
  const run = async (from: Date, to: Date) => {
    const rows = await Traces.aggregateMetrics(deps, projectId, { from, to, dims, environment, traces });
    return rows.map((r) => ({
      ...(byDay ? { time_dimension: `${r.day}T00:00:00.000Z` } : {}),
      ...Object.fromEntries(
        q.dimensions.map((d) => [
          d.field,
          named.find(([f]) => f === d.field)![1] === "model" ? (r.model ?? null) : r.environment,
        ]),
      ),
      ...Object.fromEntries(measures.map((m) => [m.key, m.read(r)])),
    }));
  };
  return { fields, run };
}

function compareBy(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  order: readonly { field: string; direction: "asc" | "desc" }[],
): number {
  for (const o of order) {
    const x = a[o.field];
    const y = b[o.field];
    const c = x === y ? 0 : x === null || x === undefined ? 1 : y === null || y === undefined ? -1 : x < y ? -1 : 1;
    if (c !== 0) return o.direction === "asc" ? c : -c;
  }
  return 0;
}
