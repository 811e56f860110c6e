import type { Deps } from "../platform/deps";
import { foldedObservations, foldedTraces, type ObservationField, oneOf, Params, type TraceField } from "../reads";
import { chDateTime, SCORES } from "../telemetry";

/** What scores can be grouped and filtered by: folded columns of one score (`ts` is its folded time). */
export const SCORE_METRIC_COLUMNS = {
  id: "id",
  // A score on a session or a dataset run has no trace: its trace is NULL, not "".
  traceId: "nullIf(trace_id, '')",
  observationId: SCORES.columns.observationId!.fold,
  name: SCORES.columns.name!.fold,
  source: SCORES.columns.source!.fold,
  dataType: "ifNull(max(data_type).2, 'NUMERIC')",
  environment: SCORES.columns.environment!.fold,
  configId: SCORES.columns.configId!.fold,
  stringValue: SCORES.columns.stringValue!.fold,
  value: SCORES.columns.value!.fold,
  timestampMonth: "formatDateTime(min(timestamp), '%Y-%m')",
  timestampDay: "formatDateTime(min(timestamp), '%Y-%m-%d')",
} as const;
export type ScoreMetricColumn = keyof typeof SCORE_METRIC_COLUMNS;

/**
 * A dimension of the score aggregate: the day, a column of the score, or a field of the trace or observation
 * it is on (joined, folded to their current values; NULL when the score is on none).
 */
export type ScoreMetricDimension =
  | "day"
  | ScoreMetricColumn
  | `trace.${TraceField}`
  | `observation.${ObservationField}`;

export const SCORE_QUANTILES = { p50: 0.5, p75: 0.75, p90: 0.9, p95: 0.95, p99: 0.99 } as const;
export type ScoreQuantile = keyof typeof SCORE_QUANTILES;

export interface ScoreMetricsOptions {
  /** The score's own time (its first raw row), from inclusive, to exclusive. */
  from: Date;
  to: Date;
  /** Numeric (NUMERIC and BOOLEAN) or categorical scores. */
  kind: "numeric" | "categorical";
  dims: readonly ScoreMetricDimension[];
  /** Every one must hold: the column is one of the values (trace tags: has any of them). */
  where: readonly { column: Exclude<ScoreMetricDimension, "day">; values: readonly string[] }[];
  /** Numeric scores only: the value compared with a number. */
  value?: readonly { operator: "=" | ">" | "<" | ">=" | "<="; value: number }[];
}

export interface ScoreMetricsRow {
  day?: string;
  dims: Partial<Record<ScoreMetricDimension, unknown>>;
  count: number;
  sum: number | null;
  avg: number | null;
  min: number | null;
  max: number | null;
  quantiles: Record<ScoreQuantile, number | null>;
}

const finite = (x: unknown) =>
  x === null || x === undefined || (typeof x === "number" && !Number.isFinite(x)) ? null : Number(x);

/** Where a dimension is read after the join: `d_<column>` of the score, `t_<field>`, `o_<field>`. */
function keyOf(d: Exclude<ScoreMetricDimension, "day">): string {
  if (d.startsWith("trace.")) return `t_${d.slice("trace.".length)}`;
  if (d.startsWith("observation.")) return `o_${d.slice("observation.".length)}`;
  return `d_${d}`;
}

/**
 * Folded scores of one kind in a window, counted and (numeric) summed, averaged, bounded and cut at
 * exact quantiles, grouped by day, score columns and fields of the trace and observation each score is on:
 * what the Langfuse metrics query's score views read (docs/langfuse.md, "Metrics"). A score belongs to the
 * day of its time; deleted scores are gone.
 */
export async function aggregateScores(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  o: ScoreMetricsOptions,
): Promise<ScoreMetricsRow[]> {
  const params = new Params({ projectId });
  const from = params.bind("DateTime64(3, 'UTC')", chDateTime(o.from.toISOString()));
  const to = params.bind("DateTime64(3, 'UTC')", chDateTime(o.to.toISOString()));
  const named = [...o.dims.filter((d) => d !== "day"), ...o.where.map((w) => w.column)];
  const own = new Set<ScoreMetricColumn>(["dataType"]);
  for (const d of named) if (Object.hasOwn(SCORE_METRIC_COLUMNS, d)) own.add(d as ScoreMetricColumn);
  const traceFields = named.filter((d) => d.startsWith("trace.")).map((d) => d.slice(6) as TraceField);
  const observationFields = named
    .filter((d) => d.startsWith("observation."))
    .map((d) => d.slice(12) as ObservationField);
  // The join to a score's observation needs the observation it points at, grouped by or not.
  if (observationFields.length) own.add("observationId");
  const inWindow = `project_id = {projectId:String} AND timestamp >= ${from} AND timestamp < ${to}`;
  // The joined sides read only what the window's scores point at: their traces, their observations.
  const windowTraces = `SELECT trace_id FROM scores WHERE ${inWindow}`;
  const windowScores = `SELECT id FROM scores WHERE ${inWindow}`;
  const joins = [
    traceFields.length ? `LEFT JOIN (${foldedTraces(traceFields, windowTraces)}) AS t ON t.t_id = s_trace_id` : "",
    observationFields.length
      ? `LEFT JOIN (${foldedObservations(
          observationFields,
          windowTraces,
          `SELECT observation_id.2 FROM scores WHERE project_id = {projectId:String} AND id IN (${windowScores})`,
        )}) AS o ON o.o_trace_id = s_trace_id AND o.o_id = d_observationId`
      : "",
  ].filter(Boolean);
  const where = [
    `ts >= ${from}`,
    `ts < ${to}`,
    o.kind === "categorical" ? "d_dataType = 'CATEGORICAL'" : "d_dataType != 'CATEGORICAL'",
    ...o.where.map((w) => oneOf(params, keyOf(w.column), w.values, w.column === "trace.tags")),
    ...(o.value ?? []).map((c) => `v ${c.operator} ${params.bind("Float64", c.value)}`),
  ];
  const dims = o.dims.map((d) => (d === "day" ? "toString(toDate(ts)) AS day" : keyOf(d)));
  const groups = o.dims.map((d) => (d === "day" ? "day" : keyOf(d)));
  const quantiles = Object.values(SCORE_QUANTILES).join(", ");
  const columns = [...own].map((c) => `${SCORE_METRIC_COLUMNS[c]} AS d_${c}`).join(", ");
  // The folded time is one raw row's time: scores with no raw row in the window cannot fold into it.
  const sql = `SELECT ${[...dims, "toUInt32(count()) AS n", "sum(v) AS total", "avg(v) AS mean", "min(v) AS lo", "max(v) AS hi", `quantilesExactInclusive(${quantiles})(v) AS qs`].join(", ")}
    FROM (
      SELECT trace_id AS s_trace_id, ${columns}, ${SCORES.columns.value!.fold} AS v, min(timestamp) AS ts
      FROM scores WHERE project_id = {projectId:String} AND id IN (${windowScores})
      GROUP BY trace_id, id) AS s
    ${joins.join("\n    ")}
    WHERE ${where.join(" AND ")}
    ${groups.length ? `GROUP BY ${groups.join(", ")} ORDER BY ${groups.join(", ")}` : ""}`;
  const rows = await deps.telemetry.query<Record<string, unknown>>(sql, params.values);
  const numeric = o.kind === "numeric";
  return rows.map((r) => {
    const qs = (r.qs as unknown[] | null) ?? [];
    return {
      ...(o.dims.includes("day") ? { day: String(r.day) } : {}),
      dims: Object.fromEntries(o.dims.filter((d) => d !== "day").map((d) => [d, r[keyOf(d)] ?? null])),
      count: Number(r.n),
      sum: numeric ? finite(r.total) : null,
      avg: numeric ? finite(r.mean) : null,
      min: numeric ? finite(r.lo) : null,
      max: numeric ? finite(r.hi) : null,
      quantiles: Object.fromEntries(
        Object.keys(SCORE_QUANTILES).map((k, i) => [k, numeric ? finite(qs[i]) : null]),
      ) as Record<ScoreQuantile, number | null>,
    };
  });
}
