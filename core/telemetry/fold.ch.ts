/**
 * Folding partial rows at read time, one entity per group: the SQL that turns the
 * raw rows of an id into its current values (`max(col).2` for versioned columns,
 * min/max for times), and the registry of the columns a list may filter and sort on.
 *
 * Each column has two forms: `fold`, an aggregate over the raw rows of one entity
 * (exact), and `raw`, the value one raw row carries. The folded value of a versioned
 * or min/max column is always the value of one of the raw rows, so "some raw row
 * satisfies P" is a superset of "the folded value satisfies P" whenever P(NULL) is
 * false: that is what lets a filter narrow the ids to fold before folding them.
 */

/** A packed `UInt128` fold (migration 0002) back to its Float64 value; NULL when absent. */
export const unpack = (expr: string) => `if(${expr} = 0, NULL, reinterpretAsFloat64(toUInt64(${expr})))`;

export type ColumnKind = "string" | "number" | "datetime" | "tags";

export interface ColumnDef {
  /** Aggregate over the raw rows of one entity: the folded value. */
  fold: string;
  /** The value a single raw row carries; absent when no single row decides it (e.g. latency). */
  raw?: string;
  kind: ColumnKind;
  /** What a folded NULL reads as (and filters as). */
  nullAs?: string;
  /** Case-insensitive values (observation types). */
  upper?: boolean;
}

export interface Entity {
  table: "traces" | "observations" | "scores";
  /** Group keys after project_id, in sort-key order. */
  keys: readonly string[];
  /** Min-folded time column with a time-ordered projection (migration 0002). */
  time: { column: string; name: string };
  columns: Readonly<Record<string, ColumnDef>>;
}

const versioned = (col: string, kind: ColumnKind = "string", extra: Partial<ColumnDef> = {}): ColumnDef => ({
  fold: extra.nullAs !== undefined ? `ifNull(max(${col}).2, '${extra.nullAs}')` : `max(${col}).2`,
  raw: `${col}.2`,
  kind,
  ...extra,
});

/**
 * When the service last received an event of the entity (the batch's acceptance time, max over its rows):
 * scheduled exports select their window on it (docs/export.md, "The high-water mark").
 */
const RECEIVED: ColumnDef = { fold: "max(updated_at)", raw: "updated_at", kind: "datetime" };

export const OBSERVATIONS: Entity = {
  table: "observations",
  keys: ["trace_id", "id"],
  time: { column: "start_time", name: "startTime" },
  columns: {
    id: { fold: "id", raw: "id", kind: "string" },
    traceId: { fold: "trace_id", raw: "trace_id", kind: "string" },
    type: {
      fold: "upper(ifNull(max(type).2, 'span'))",
      raw: "upper(type.2)",
      kind: "string",
      nullAs: "SPAN",
      upper: true,
    },
    name: versioned("name"),
    parentObservationId: versioned("parent_observation_id"),
    environment: versioned("environment", "string", { nullAs: "default" }),
    level: versioned("level", "string", { nullAs: "DEFAULT" }),
    statusMessage: versioned("status_message"),
    version: versioned("version"),
    model: versioned("model"),
    promptName: versioned("prompt_name"),
    promptVersion: { fold: "toFloat64(max(prompt_version).2)", raw: "toFloat64(prompt_version.2)", kind: "number" },
    startTime: { fold: "min(start_time)", raw: "start_time", kind: "datetime" },
    endTime: { fold: "max(end_time)", raw: "end_time", kind: "datetime" },
    latency: {
      fold: "toFloat64(toUnixTimestamp64Milli(max(end_time)) - toUnixTimestamp64Milli(min(start_time)))",
      kind: "number",
    },
    timeToFirstToken: {
      fold: "toFloat64(toUnixTimestamp64Milli(max(completion_start_time).2) - toUnixTimestamp64Milli(min(start_time)))",
      kind: "number",
    },
    cost: { fold: unpack("max(cost_usd)"), raw: unpack("cost_usd"), kind: "number" },
    inputTokens: { fold: unpack("max(input_tokens)"), raw: unpack("input_tokens"), kind: "number" },
    outputTokens: { fold: unpack("max(output_tokens)"), raw: unpack("output_tokens"), kind: "number" },
    totalTokens: { fold: unpack("max(total_tokens)"), raw: unpack("total_tokens"), kind: "number" },
    updatedAt: RECEIVED,
  },
};

export const TRACES: Entity = {
  table: "traces",
  keys: ["id"],
  time: { column: "timestamp", name: "timestamp" },
  columns: {
    id: { fold: "id", raw: "id", kind: "string" },
    name: versioned("name"),
    userId: versioned("user_id"),
    sessionId: versioned("session_id"),
    sessionPath: versioned("session_path"),
    release: versioned("release"),
    version: versioned("version"),
    environment: versioned("environment", "string", { nullAs: "default" }),
    timestamp: { fold: "min(timestamp)", raw: "timestamp", kind: "datetime" },
    tags: { fold: "groupUniqArrayArray(tags)", raw: "tags", kind: "tags" },
    updatedAt: RECEIVED,
  },
};

export const SCORES: Entity = {
  table: "scores",
  keys: ["trace_id", "id"],
  time: { column: "timestamp", name: "timestamp" },
  columns: {
    id: { fold: "id", raw: "id", kind: "string" },
    traceId: { fold: "trace_id", raw: "trace_id", kind: "string" },
    observationId: versioned("observation_id"),
    sessionId: versioned("session_id"),
    name: versioned("name"),
    source: versioned("source"),
    dataType: versioned("data_type"),
    configId: versioned("config_id"),
    environment: versioned("environment", "string", { nullAs: "default" }),
    // Categorical scores carry no value: they never enter numeric filters or averages.
    value: {
      fold: "if(max(data_type).2 = 'CATEGORICAL', NULL, max(value).2)",
      raw: "if(data_type.2 = 'CATEGORICAL', NULL, value.2)",
      kind: "number",
    },
    stringValue: versioned("string_value"),
    timestamp: { fold: "min(timestamp)", raw: "timestamp", kind: "datetime" },
    updatedAt: RECEIVED,
  },
};

/** Display columns of a list row: `[alias, aggregate over the raw rows]`, keys excluded. */
export type Display = readonly (readonly [string, string])[];

/** `expr AS <prefix>alias, …`; a prefix keeps aliases from shadowing the raw columns other expressions read. */
export const selectDisplay = (display: Display, prefix = "") =>
  display.map(([a, e]) => `${e} AS ${prefix}${a}`).join(", ");

/** Folded display columns of an observation in a list (no input/output/metadata bodies). */
export const OBSERVATION_DISPLAY: Display = [
  ["type", "max(type).2"],
  ["parent_observation_id", "max(parent_observation_id).2"],
  ["name", "max(name).2"],
  ["start_time", "toString(min(start_time))"],
  ["end_time", "toString(max(end_time))"],
  ["completion_start_time", "toString(max(completion_start_time).2)"],
  ["level", "max(level).2"],
  ["status_message", "max(status_message).2"],
  ["version", "max(version).2"],
  ["environment", "max(environment).2"],
  ["model", "max(model).2"],
  ["model_parameters", "max(model_parameters).2"],
  ["prompt_name", "max(prompt_name).2"],
  ["prompt_version", "max(prompt_version).2"],
  ["usage_details", "max(usage_details).2"],
  ["cost_given", "max(cost_given).2"],
  ["cost_computed", "max(cost_computed).2"],
  ["created_at", "toString(min(created_at))"],
  ["updated_at", "toString(max(updated_at))"],
];

/** Folded display columns of a trace in a list (no bodies). */
export const TRACE_DISPLAY: Display = [
  ["timestamp", "toString(min(timestamp))"],
  ["name", "max(name).2"],
  ["user_id", "max(user_id).2"],
  ["session_id", "max(session_id).2"],
  ["session_path", "max(session_path).2"],
  ["release", "max(release).2"],
  ["version", "max(version).2"],
  ["environment", "max(environment).2"],
  ["public", "max(public).2"],
  ["tags", "groupUniqArrayArray(tags)"],
  ["created_at", "toString(min(created_at))"],
  ["updated_at", "toString(max(updated_at))"],
];
export const TRACE_SUMMARY = `id, ${selectDisplay(TRACE_DISPLAY)}`;

/** Folded columns of a score, as `SCORE_COLUMNS` reads them after FINAL. */
export const SCORE_DISPLAY: Display = [
  ["observation_id", "max(observation_id).2"],
  ["session_id", "max(session_id).2"],
  ["name", "max(name).2"],
  ["value", "max(value).2"],
  ["string_value", "max(string_value).2"],
  ["data_type", "max(data_type).2"],
  ["source", "max(source).2"],
  ["comment", "max(comment).2"],
  ["config_id", "max(config_id).2"],
  ["environment", "max(environment).2"],
  ["metadata", "max(metadata).2"],
  ["timestamp", "toString(min(timestamp))"],
  ["created_at", "toString(min(created_at))"],
];

/**
 * Rows whose keys are among the bound values, one `IN` per key column: a superset of the
 * tuples when several key columns are bound (harmless: every extra row is a real entity),
 * and several times cheaper than a tuple `IN` over a subquery, which hashes every row read.
 */
export function keysIn(keys: readonly string[], paramNames: readonly string[]): string {
  return keys.map((k, i) => `${k} IN {${paramNames[i]}:Array(String)}`).join(" AND ");
}

/** ISO-8601 (any offset) to ClickHouse DateTime64(3) text in UTC; null when not a date. */
export function chDateTime(iso: string): string | null {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms) || !/^\d{4}-\d{2}-\d{2}/.test(iso)) return null;
  return new Date(ms).toISOString().replace("T", " ").replace("Z", "");
}
