import type { Deps } from "../platform/deps";
import { Params } from "../reads";
import { chDateTime, SCORES } from "../telemetry";

/** What scores can be grouped and filtered by: folded columns of one score. */
export const SCORE_METRIC_COLUMNS = {
  name: SCORES.columns.name!.fold,
  source: SCORES.columns.source!.fold,
  dataType: "ifNull(max(data_type).2, 'NUMERIC')",
  environment: SCORES.columns.environment!.fold,
  configId: SCORES.columns.configId!.fold,
  stringValue: SCORES.columns.stringValue!.fold,
} as const;
export type ScoreMetricColumn = keyof typeof SCORE_METRIC_COLUMNS;

export type ScoreMetricDimension = "day" | ScoreMetricColumn;

export const SCORE_QUANTILES = { p50: 0.5, p75: 0.75, p90: 0.9, p95: 0.95, p99: 0.99 } as const;
export type ScoreQuantile = keyof typeof SCORE_QUANTILES;

export interface ScoreMetricsOptions {
  /** The score's own time (its first raw row), from inclusive, to exclusive. */
  from: Date;
  to: Date;
  /** Numeric (NUMERIC and BOOLEAN) or categorical scores. */
  kind: "numeric" | "categorical";
  dims: readonly ScoreMetricDimension[];
  /** Every one must hold: the column is one of the values. */
  where: readonly { column: ScoreMetricColumn; values: readonly string[] }[];
  /** Numeric scores only: the value compared with a number. */
  value?: readonly { operator: "=" | ">" | "<" | ">=" | "<="; value: number }[];
}

export interface ScoreMetricsRow {
  day?: string;
  dims: Partial<Record<ScoreMetricColumn, string | null>>;
  count: number;
  sum: number | null;
  avg: number | null;
  min: number | null;
  max: number | null;
  quantiles: Record<ScoreQuantile, number | null>;
}

const finite = (x: unknown) =>
  x === null || x === undefined || (typeof x === "number" && !Number.isFinite(x)) ? null : Number(x);

/**
 * Folded scores of one kind in a window, counted and (numeric) summed, averaged, bounded and cut at
 * exact quantiles, grouped by day and score columns: what the Langfuse metrics query's score views read
 * (docs/langfuse.md, "Metrics"). A score belongs to the day of its time; deleted scores are gone.
 */
export async function aggregateScores(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  o: ScoreMetricsOptions,
): Promise<ScoreMetricsRow[]> {
  const params = new Params({ projectId });
  const from = params.bind("DateTime64(3, 'UTC')", chDateTime(o.from.toISOString()));
  const to = params.bind("DateTime64(3, 'UTC')", chDateTime(o.to.toISOString()));
  const columns = Object.entries(SCORE_METRIC_COLUMNS)
    .map(([alias, fold]) => `${fold} AS c_${alias}`)
    .join(", ");
  const where = [
    `ts >= ${from}`,
    `ts < ${to}`,
    o.kind === "categorical" ? "c_dataType = 'CATEGORICAL'" : "c_dataType != 'CATEGORICAL'",
    ...o.where.map((w) => `c_${w.column} IN ${params.bind("Array(String)", [...w.values])}`),
    ...(o.value ?? []).map((c) => `v ${c.operator} ${params.bind("Float64", c.value)}`),
  ];
  const dims = o.dims.map((d) => (d === "day" ? "toString(toDate(ts)) AS day" : `c_${d} AS d_${d}`));
  const groups = o.dims.map((d) => (d === "day" ? "day" : `d_${d}`));
  const quantiles = Object.values(SCORE_QUANTILES).join(", ");
  // The folded time is one raw row's time: scores with no raw row in the window cannot fold into it.
  const sql = `SELECT ${[...dims, "toUInt32(count()) AS n", "sum(v) AS total", "avg(v) AS mean", "min(v) AS lo", "max(v) AS hi", `quantilesExactInclusive(${quantiles})(v) AS qs`].join(", ")}
    FROM (
      SELECT id, ${columns}, ${SCORES.columns.value!.fold} AS v, min(timestamp) AS ts
      FROM scores WHERE project_id = {projectId:String}
        AND id IN (SELECT id FROM scores WHERE project_id = {projectId:String} AND timestamp >= ${from} AND timestamp < ${to})
      GROUP BY trace_id, id)
    WHERE ${where.join(" AND ")}
    ${groups.length ? `GROUP BY ${groups.join(", ")} ORDER BY ${groups.join(", ")}` : ""}`;
  const rows = await deps.telemetry.query<Record<string, unknown>>(sql, params.values);
  const numeric = o.kind === "numeric";
  return rows.map((r) => {
    const qs = (r.qs as unknown[] | null) ?? [];
    return {
      ...(o.dims.includes("day") ? { day: String(r.day) } : {}),
      dims: Object.fromEntries(
        o.dims.filter((d) => d !== "day").map((d) => [d, (r[`d_${d}`] as string | null) ?? null]),
      ),
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
