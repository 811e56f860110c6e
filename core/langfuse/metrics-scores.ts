import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import * as Scores from "../scores";
import { pickMeasures, supportedList } from "./metrics-measures";
import type { LfMetricsQueryObject } from "./metrics-query";

type Row = Scores.ScoreMetricsRow;

const NUMERIC_MEASURES: Record<string, Record<string, (r: Row) => number | null>> = {
  count: { count: (r) => r.count },
  value: {
    count: (r) => r.count,
    sum: (r) => r.sum,
    avg: (r) => r.avg,
    min: (r) => r.min,
    max: (r) => r.max,
    ...Object.fromEntries(
      (Object.keys(Scores.SCORE_QUANTILES) as Scores.ScoreQuantile[]).map((k) => [k, (r: Row) => r.quantiles[k]]),
    ),
  },
};

const SHARED: Scores.ScoreMetricColumn[] = ["name", "source", "dataType", "environment", "configId"];

/** Langfuse's two score views (its `scores-numeric` and `scores-categorical`), over what we compute exactly. */
export const SCORE_VIEWS: Record<
  string,
  { kind: "numeric" | "categorical"; columns: Scores.ScoreMetricColumn[]; measures: typeof NUMERIC_MEASURES }
> = {
  "scores-numeric": { kind: "numeric", columns: SHARED, measures: NUMERIC_MEASURES },
  "scores-categorical": {
    kind: "categorical",
    columns: [...SHARED, "stringValue"],
    measures: { count: { count: (r) => r.count } },
  },
};

const VALUE_OPERATORS = ["=", ">", "<", ">=", "<="] as const;

/** Langfuse's filters onto score columns (and the value of numeric scores). @throws invalid_input for any other. */
function filtersOf(q: LfMetricsQueryObject, view: (typeof SCORE_VIEWS)[string]) {
  const where: { column: Scores.ScoreMetricColumn; values: string[] }[] = [];
  const value: { operator: (typeof VALUE_OPERATORS)[number]; value: number }[] = [];
  const supported = view.kind === "numeric" ? [...view.columns, "value"] : view.columns;
  q.filters.forEach((f, i) => {
    const place = `Invalid query.query.filters.${i}`;
    if (view.kind === "numeric" && f.column === "value") {
      const op = VALUE_OPERATORS.find((o) => o === f.operator);
      if (!op)
        throw invalid(
          `${place}.operator: '${f.operator}' is not supported on value; use ${VALUE_OPERATORS.map((o) => `'${o}'`).join(", ")}`,
        );
      if (typeof f.value !== "number" || !Number.isFinite(f.value)) throw invalid(`${place}.value: expected a number`);
      value.push({ operator: op, value: f.value });
      return;
    }
    const column = view.columns.find((c) => c === f.column);
    if (!column)
      throw invalid(
        `${place}.column: '${f.column}' is not supported on ${q.view}; supported: ${supportedList(supported)}`,
      );
    const values = Array.isArray(f.value) ? f.value : [f.value];
    if (!values.every((v) => typeof v === "string"))
      throw invalid(`${place}.value: expected a string or an array of strings`);
    if (f.operator === "=" && values.length === 1) where.push({ column, values: values as string[] });
    else if (f.operator === "any of") where.push({ column, values: values as string[] });
    else throw invalid(`${place}.operator: '${f.operator}' is not supported on ${f.column}; use '=' or 'any of'`);
  });
  return { where, value };
}

/**
 * The plan of a score-view query: its answer's fields and how to compute its rows from our score aggregate
 * (docs/langfuse.md, "Metrics"). @throws invalid_input for a dimension, measure, aggregation or filter it lacks.
 */
export function planScoreQuery(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  q: LfMetricsQueryObject,
  view: (typeof SCORE_VIEWS)[string],
  byDay: boolean,
) {
  const columns = q.dimensions.map((d, i) => {
    const column = view.columns.find((c) => c === d.field);
    if (!column)
      throw invalid(
        `Invalid query.query.dimensions.${i}.field: '${d.field}' is not supported on ${q.view}; supported: ${supportedList(view.columns)}`,
      );
    return column;
  });
  const measures = pickMeasures(q, view.measures);
  const filters = filtersOf(q, view);
  const fields = [...(byDay ? ["time_dimension"] : []), ...columns, ...measures.map((m) => m.key)];
  const run = async (from: Date, to: Date) => {
    const dims: Scores.ScoreMetricDimension[] = [...(byDay ? (["day"] as const) : []), ...new Set(columns)];
    const rows = await Scores.aggregateScores(deps, projectId, { from, to, kind: view.kind, dims, ...filters });
    return rows.map((r) => ({
      ...(byDay ? { time_dimension: `${r.day}T00:00:00.000Z` } : {}),
      ...Object.fromEntries(columns.map((c) => [c, r.dims[c] ?? null])),
      ...Object.fromEntries(measures.map((m) => [m.key, m.read(r)])),
    }));
  };
  return { fields, run };
}
