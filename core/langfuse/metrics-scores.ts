import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import * as Scores from "../scores";
import { pickDimensions, pickFilters } from "./metrics-dimensions";
import { pickMeasures } from "./metrics-measures";
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

type Dimension = Exclude<Scores.ScoreMetricDimension, "day">;

/**
 * Langfuse's score-view dimensions onto the score aggregate's: the score's own columns, and the fields of the
 * trace and observation it is on (Langfuse's `sessionId` is the trace's, so a score on a session has none).
 */
const SHARED: Record<string, Dimension> = {
  id: "id",
  traceId: "traceId",
  observationId: "observationId",
  name: "name",
  source: "source",
  dataType: "dataType",
  environment: "environment",
  configId: "configId",
  timestampMonth: "timestampMonth",
  timestampDay: "timestampDay",
  traceName: "trace.name",
  tags: "trace.tags",
  userId: "trace.userId",
  sessionId: "trace.sessionId",
  traceRelease: "trace.release",
  traceVersion: "trace.version",
  observationName: "observation.name",
  observationModelName: "observation.model",
  observationPromptName: "observation.promptName",
  observationPromptVersion: "observation.promptVersion",
};

/** Langfuse's two score views (its `scores-numeric` and `scores-categorical`), over what we compute exactly. */
export const SCORE_VIEWS: Record<
  string,
  { kind: "numeric" | "categorical"; dimensions: Record<string, Dimension>; measures: typeof NUMERIC_MEASURES }
> = {
  "scores-numeric": { kind: "numeric", dimensions: { ...SHARED, value: "value" }, measures: NUMERIC_MEASURES },
  "scores-categorical": {
    kind: "categorical",
    dimensions: { ...SHARED, stringValue: "stringValue" },
    measures: { count: { count: (r) => r.count } },
  },
};

const VALUE_OPERATORS = ["=", ">", "<", ">=", "<="] as const;

/** Langfuse's filters onto score dimensions (and the value of numeric scores). @throws invalid_input for any other. */
function filtersOf(q: LfMetricsQueryObject, view: (typeof SCORE_VIEWS)[string]) {
  const value: { operator: (typeof VALUE_OPERATORS)[number]; value: number }[] = [];
  const numeric = view.kind === "numeric";
  const where = pickFilters(q, view.dimensions, {
    arrays: ["tags"],
    special: numeric ? ["value"] : [],
    take: (f, place) => {
      const op = VALUE_OPERATORS.find((o) => o === f.operator);
      if (!op)
        throw invalid(
          `${place}.operator: '${f.operator}' is not supported on value; use ${VALUE_OPERATORS.map((o) => `'${o}'`).join(", ")}`,
        );
      if (typeof f.value !== "number" || !Number.isFinite(f.value)) throw invalid(`${place}.value: expected a number`);
      value.push({ operator: op, value: f.value });
    },
  });
  return { where: where.map((w) => ({ column: w.dim, values: w.values })), value };
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
  const picked = pickDimensions(q, view.dimensions);
  const measures = pickMeasures(q, view.measures);
  const filters = filtersOf(q, view);
  const fields = [...(byDay ? ["time_dimension"] : []), ...picked.map((p) => p.field), ...measures.map((m) => m.key)];
  const run = async (from: Date, to: Date) => {
    const dims: Scores.ScoreMetricDimension[] = [
      ...(byDay ? (["day"] as const) : []),
      ...new Set(picked.map((p) => p.dim)),
    ];
    const rows = await Scores.aggregateScores(deps, projectId, { from, to, kind: view.kind, dims, ...filters });
    return rows.map((r) => ({
      ...(byDay ? { time_dimension: `${r.day}T00:00:00.000Z` } : {}),
      ...Object.fromEntries(picked.map((p) => [p.field, r.dims[p.dim] ?? null])),
      ...Object.fromEntries(measures.map((m) => [m.key, m.read(r)])),
    }));
  };
  return { fields, run };
}
