import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import { foldedTraces, OBSERVATION_FIELDS, oneOf, Params, type TraceField } from "../reads";
import { chDateTime, PLATFORM_ENVIRONMENT } from "../telemetry";
import {
  isObservationColumn,
  type MetricsDimension,
  type MetricsWhere,
  OBSERVATION_METRIC_COLUMNS,
  traceFieldOf,
} from "./metrics-columns";
import type { MetricsQuery } from "./reads.schema";

/** The value bits of a packed fold (migration 0002) as Float64; 0.0 when absent. */
const low = (col: string) => `reinterpretAsFloat64(toUInt64(${col}))`;

const DAY_MS = 86_400_000;
/** Default window when `from` is not given. */
export const DEFAULT_METRICS_DAYS = 30;

export interface MetricsRow {
  day: string;
  environment?: string;
  model?: string | null;
  traces: number;
  observations: number;
  costUsd: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
  latencyP99Ms: number | null;
  /** The value of every other dimension grouped by (the observation's own columns, its trace's); absent without. */
  groups?: Partial<Record<MetricsDimension, unknown>>;
}

export interface AggregateOptions {
  from: Date;
  to: Date;
  environment?: string;
  model?: string;
  /** No dimension: one row over the whole window (alert rules, docs/automations.md, "Alert rules"). */
  dims: readonly MetricsDimension[];
  /** Also count the traces with an ERROR-level observation (`error_traces`); reads the level fold. */
  errors?: boolean;
  /**
   * Fold only the observations of traces with a raw row starting in the window. A folded start time is
   * one raw row's time, so this keeps every observation the window holds; it pays for short windows,
   * where it skips most of the project, and not for the endpoint's month-long ones.
   */
  narrow?: boolean;
  /** Every one must hold: the observation's (or its trace's) value is one of the values. */
  where?: readonly MetricsWhere[];
}

/**
 * The observations aggregate behind `GET /v1/metrics` and the alert rules' metrics: observations folded
 * with FINAL, one day partition at a time (migration 0003): a day merged into one part is read without a
 * merge. Cost and tokens come from the packed folds of migration 0002, so a merge compares integers, not
 * maps. An observation counts in the window (and on the day) of its start time; latency is end − start of
 * observations that have both.
 */
export function aggregateStatement(
  projectId: string,
  o: AggregateOptions,
): { sql: string; params: Record<string, unknown> } {
  const params = new Params({ projectId });
  const from = params.bind("DateTime64(3, 'UTC')", chDateTime(o.from.toISOString()));
  const to = params.bind("DateTime64(3, 'UTC')", chDateTime(o.to.toISOString()));
  const where = [`start_time >= ${from}`, `start_time < ${to}`];
  // The platform's own model calls count only where their environment is asked for (docs/reads.md, "Decisions").
  if (o.environment !== undefined) where.push(`env = ${params.bind("String", o.environment)}`);
  else where.push(`env != ${params.bind("String", PLATFORM_ENVIRONMENT)}`);
  if (o.model !== undefined) where.push(`model = ${params.bind("String", o.model)}`);
  const wheres = o.where ?? [];
  // Every column costs FINAL a merge step (string tuples the most): read model and level only when used.
  const withModel = o.dims.includes("model") || o.model !== undefined || wheres.some((w) => w.dim === "model");
  const used = [...o.dims, ...wheres.map((w) => w.dim)];
  const ownColumns = [...new Set(used.filter(isObservationColumn))];
  const grouped = (d: MetricsDimension) => {
    if (d === "day" || d === "model") return d;
    if (d === "environment") return "env";
    return isObservationColumn(d) ? `d_${d}` : `t_${traceFieldOf(d)}`;
  };
  const dims = o.dims.map(grouped);
  const keys = o.dims.map((d) =>
    d === "day" ? "toString(day) AS day" : d === "environment" ? "env AS environment" : grouped(d),
  );
  const inWindow = `project_id = {projectId:String} AND start_time >= ${from} AND start_time < ${to}`;
  // A trace side reads only the traces of observations starting in the window (the projection by start time).
  const windowTraces = `SELECT trace_id FROM observations WHERE ${inWindow}`;
  const traceWheres = wheres.filter((w) => traceFieldOf(w.dim));
  const onTrace = (w: MetricsWhere) => oneOf(params, `t_${traceFieldOf(w.dim)}`, w.values, w.dim === "trace.tags");
  // The keys are the same on every raw row: filtered before FINAL, on the primary index.
  const keyed = { id: "id", traceId: "trace_id" } as const;
  const byKey = wheres
    .filter((w) => w.dim === "id" || w.dim === "traceId")
    .map((w) => ` AND ${keyed[w.dim as keyof typeof keyed]} IN ${params.bind("Array(String)", [...w.values])}`);
  for (const w of wheres.filter((x) => !traceFieldOf(x.dim) && !Object.hasOwn(keyed, x.dim)))
    where.push(oneOf(params, grouped(w.dim), w.values));
  const narrow =
    byKey.join("") +
    (o.narrow ? ` AND trace_id IN (${windowTraces}) AND id IN (SELECT id FROM observations WHERE ${inWindow})` : "") +
    (traceWheres.length
      ? ` AND trace_id IN (SELECT t_id FROM (${foldedTraces(
          traceWheres.map((w) => traceFieldOf(w.dim)!),
          windowTraces,
        )}) WHERE ${traceWheres.map(onTrace).join(" AND ")})`
      : "");
  const traceDims = o.dims.map(traceFieldOf).filter((f): f is TraceField => f !== null);
  const join = traceDims.length
    ? `
    LEFT JOIN (${foldedTraces(traceDims, windowTraces)}) AS t ON t.t_id = m_trace_id`
    : "";
  const own = [
    ...(traceDims.length ? ["trace_id AS m_trace_id"] : []),
    ...ownColumns.map((c) => `${OBSERVATION_METRIC_COLUMNS[c]} AS d_${c}`),
  ];
  // `traces` counts trace_key, the 64-bit hash of the id (migration 0003: 8 bytes per row instead of
  // a 32-byte string; two ids colliding in one group is a 1-in-10^8 event at a million traces a day).
  // An absent packed fold is 0, whose low 64 bits read as 0.0, so the sums need no NULL branch.
  const sql = `SELECT ${keys.map((k) => `${k}, `).join("")}toUInt32(uniqExact(trace_key)) AS traces, toUInt32(count()) AS observations,
      sum(cost) AS cost_usd, sum(input) AS input_tokens, sum(output) AS output_tokens, sum(total) AS total_tokens,
      quantiles(0.5, 0.95, 0.99)(latency) AS latency${o.errors ? ", toUInt32(uniqExactIf(trace_key, error)) AS error_traces" : ""}
    FROM (
      SELECT trace_key, start_time, toDate(start_time) AS day, ifNull(environment.2, 'default') AS env${withModel ? `, ${OBSERVATION_FIELDS.model} AS model` : ""}${o.errors ? `, ${OBSERVATION_FIELDS.level} = 'ERROR' AS error` : ""},
        ${low("cost_usd")} AS cost, ${low("input_tokens")} AS input, ${low("output_tokens")} AS output, ${low("total_tokens")} AS total,
        toFloat64(toUnixTimestamp64Milli(end_time) - toUnixTimestamp64Milli(start_time)) AS latency${own.map((c) => `, ${c}`).join("")}
      FROM observations FINAL PREWHERE project_id = {projectId:String}${narrow}
    )${join ? ` AS m${join}` : ""}
    WHERE ${where.join(" AND ")}${
      dims.length
        ? `
    GROUP BY ${dims.join(", ")}
    ORDER BY ${dims.join(", ")}`
        : ""
    }`;
  return { sql, params: params.values };
}

/** The one SQL statement of the metrics endpoint (the benchmark runs this same text raw). */
export function metricsStatement(
  projectId: string,
  q: MetricsQuery,
  now: Date,
): { sql: string; params: Record<string, unknown>; from: string; to: string } {
  const to = q.to ? new Date(q.to) : now;
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - DEFAULT_METRICS_DAYS * DAY_MS);
  if (!(from < to)) throw invalid("Invalid query: `from` must be before `to`");
  const { sql, params } = aggregateStatement(projectId, {
    from,
    to,
    environment: q.environment,
    model: q.model,
    dims: q.groupBy,
  });
  return { sql, params, from: from.toISOString(), to: to.toISOString() };
}

const finite = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : null);

/**
 * Cost, tokens, counts and latency percentiles per day (and environment and model when
 * grouped so), computed on the fly over the project's observations in `[from, to)`.
 *
 * @throws invalid_input when `from` is not before `to`.
 */
export async function getMetrics(deps: Pick<Deps, "telemetry" | "clock">, projectId: string, q: MetricsQuery) {
  const { sql, params, from, to } = metricsStatement(projectId, q, deps.clock.now());
  const rows = await deps.telemetry.query<Record<string, unknown>>(sql, params);
  return { from, to, groupBy: q.groupBy, data: rows.map((r) => metricsRow(r, q.groupBy)) };
}

/**
 * The same aggregate over `[from, to)` with any dimensions and filters, including the traces' own fields: the
 * Langfuse-compatible daily metrics and metrics query read it (docs/langfuse.md, "Metrics").
 */
export async function aggregateMetrics(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  o: AggregateOptions,
): Promise<MetricsRow[]> {
  const { sql, params } = aggregateStatement(projectId, o);
  return (await deps.telemetry.query<Record<string, unknown>>(sql, params)).map((r) => metricsRow(r, o.dims));
}

function metricsRow(r: Record<string, unknown>, dims: readonly MetricsDimension[]): MetricsRow {
  const lat = (r.latency as unknown[] | null) ?? [];
  const groups: NonNullable<MetricsRow["groups"]> = {};
  for (const d of dims) {
    const field = traceFieldOf(d);
    if (field) groups[d] = r[`t_${field}`] ?? null;
    else if (isObservationColumn(d)) groups[d] = r[`d_${d}`] ?? null;
  }
  return {
    day: dims.includes("day") ? String(r.day) : "",
    ...(dims.includes("environment") ? { environment: String(r.environment) } : {}),
    ...(dims.includes("model") ? { model: (r.model as string | null) ?? null } : {}),
    traces: Number(r.traces),
    observations: Number(r.observations),
    costUsd: Number(r.cost_usd),
    inputTokens: Number(r.input_tokens),
    outputTokens: Number(r.output_tokens),
    totalTokens: Number(r.total_tokens),
    latencyP50Ms: finite(lat[0]),
    latencyP95Ms: finite(lat[1]),
    latencyP99Ms: finite(lat[2]),
    ...(Object.keys(groups).length ? { groups } : {}),
  };
}
