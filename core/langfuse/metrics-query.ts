import * as z from "zod";
import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import * as Traces from "../traces";
import { pickDimensions, pickFilters } from "./metrics-dimensions";
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
type Dimension = Exclude<Traces.MetricsDimension, "day">;

/** Fields of the trace an observation is on, as Langfuse's observations view names them. */
const OF_TRACE: Record<string, Dimension> = {
  traceName: "trace.name",
  userId: "trace.userId",
  sessionId: "trace.sessionId",
  tags: "trace.tags",
  traceRelease: "trace.release",
  traceVersion: "trace.version",
};

/**
 * What each view answers: Langfuse's dimension names onto the observations aggregate's, and the measures and
 * aggregations it computes, nothing more. Every dimension also filters; `environment` filters the aggregate's
 * one environment (the platform's own calls are left out unless it names theirs).
 */
const VIEWS: Record<string, { dimensions: Record<string, Dimension>; measures: Record<string, Measure> }> = {
  observations: {
    dimensions: {
      id: "id",
      traceId: "traceId",
      traceName: OF_TRACE.traceName!,
      environment: "environment",
      parentObservationId: "parentObservationId",
      type: "type",
      name: "name",
      level: "level",
      version: "version",
      tags: OF_TRACE.tags!,
      providedModelName: "model",
      promptName: "promptName",
      promptVersion: "promptVersion",
      userId: OF_TRACE.userId!,
      sessionId: OF_TRACE.sessionId!,
      traceRelease: OF_TRACE.traceRelease!,
      traceVersion: OF_TRACE.traceVersion!,
      startTimeMonth: "startTimeMonth",
    },
    measures: {
      count: { count: (r) => r.observations },
      totalCost: { sum: (r) => r.costUsd },
      inputTokens: { sum: (r) => r.inputTokens },
      outputTokens: { sum: (r) => r.outputTokens },
      totalTokens: { sum: (r) => r.totalTokens },
      latency: { p50: (r) => r.latencyP50Ms, p95: (r) => r.latencyP95Ms, p99: (r) => r.latencyP99Ms },
    },
  },
  traces: {
    dimensions: {
      id: "traceId",
      name: "trace.name",
      tags: "trace.tags",
      userId: "trace.userId",
      sessionId: "trace.sessionId",
      release: "trace.release",
      version: "trace.version",
      environment: "environment",
      timestampMonth: "trace.timestampMonth",
    },
    measures: {
      count: { count: (r) => r.traces },
      observationsCount: { sum: (r) => r.observations },
      totalCost: { sum: (r) => r.costUsd },
      totalTokens: { sum: (r) => r.totalTokens },
    },
  },
};

/** Langfuse's filters as the aggregate's conditions, or its one environment. @throws invalid_input for any other. */
function filtersOf(q: LfMetricsQueryObject, view: (typeof VIEWS)[string]) {
  let environment: string | undefined;
  const where = pickFilters(q, view.dimensions, {
    arrays: ["tags"],
    special: ["environment"],
    take: (f, place) => {
      const values = Array.isArray(f.value) ? f.value : [f.value];
      if (
        !values.every((v) => typeof v === "string") ||
        !(f.operator === "=" || ((f.operator === "any of" || f.operator === "in") && values.length === 1))
      )
        throw invalid(`${place}: environment takes '=' with one value`);
      environment = values[0] as string;
    },
  });
  return { where: where.map((w) => ({ dim: w.dim as Traces.MetricsWhere["dim"], values: w.values })), environment };
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
  const picked = pickDimensions(q, view.dimensions);
  const dims: Traces.MetricsDimension[] = [
    ...new Set([...(byDay ? (["day"] as const) : []), ...picked.map((p) => p.dim)]),
  ];
  const measures = pickMeasures(q, view.measures);
  const fields = [...(byDay ? ["time_dimension"] : []), ...picked.map((p) => p.field), ...measures.map((m) => m.key)];
  const { where, environment } = filtersOf(q, view);
  const groupOf = (r: Row, dim: Dimension) =>
    dim === "environment" ? r.environment : dim === "model" ? (r.model ?? null) : (r.groups?.[dim] ?? null);
  const run = async (from: Date, to: Date) => {
    const rows = await Traces.aggregateMetrics(deps, projectId, { from, to, dims, environment, where });
    return rows.map((r) => ({
      ...(byDay ? { time_dimension: `${r.day}T00:00:00.000Z` } : {}),
      ...Object.fromEntries(picked.map((p) => [p.field, groupOf(r, p.dim)])),
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
