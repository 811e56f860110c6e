/**
 * ClickHouse reads of the telemetry tables. Versioned columns are
 * max(Tuple(time, value)): `.2` is the value; FINAL folds the partial rows.
 */

export const TRACE_COLUMNS = `id, toString(timestamp) AS timestamp, name.2 AS name, user_id.2 AS user_id, session_id.2 AS session_id,
  session_path.2 AS session_path, release.2 AS release, version.2 AS version, environment.2 AS environment, public.2 AS public,
  input.2 AS input, output.2 AS output, metadata.2 AS metadata, tags, toString(created_at) AS created_at, toString(updated_at) AS updated_at`;

export const OBSERVATION_COLUMNS = `id, trace_id, type.2 AS type, parent_observation_id.2 AS parent_observation_id, name.2 AS name,
  toString(start_time) AS start_time, toString(end_time) AS end_time, toString(completion_start_time.2) AS completion_start_time,
  level.2 AS level, status_message.2 AS status_message, version.2 AS version, environment.2 AS environment, model.2 AS model,
  model_parameters.2 AS model_parameters, input.2 AS input, output.2 AS output, metadata.2 AS metadata, prompt_name.2 AS prompt_name,
  prompt_version.2 AS prompt_version, usage_details.2 AS usage_details, cost_given.2 AS cost_given, cost_computed.2 AS cost_computed,
  toString(created_at) AS created_at, toString(updated_at) AS updated_at`;

export const SCORE_COLUMNS = `id, trace_id, observation_id.2 AS observation_id, session_id.2 AS session_id, name.2 AS name, value.2 AS value,
  string_value.2 AS string_value, data_type.2 AS data_type, source.2 AS source, comment.2 AS comment, config_id.2 AS config_id,
  environment.2 AS environment, metadata.2 AS metadata, toString(timestamp) AS timestamp, toString(created_at) AS created_at`;

export interface TraceRow {
  id: string;
  timestamp: string | null;
  name: string | null;
  user_id: string | null;
  session_id: string | null;
  session_path: string | null;
  release: string | null;
  version: string | null;
  environment: string | null;
  public: number | null;
  input: string | null;
  output: string | null;
  metadata: string | null;
  tags: string[];
  created_at: string;
  updated_at: string;
}

export interface ObservationRow {
  id: string;
  trace_id: string;
  type: string | null;
  parent_observation_id: string | null;
  name: string | null;
  start_time: string | null;
  end_time: string | null;
  completion_start_time: string | null;
  level: string | null;
  status_message: string | null;
  version: string | null;
  environment: string | null;
  model: string | null;
  model_parameters: string | null;
  input: string | null;
  output: string | null;
  metadata: string | null;
  prompt_name: string | null;
  prompt_version: number | null;
  usage_details: Record<string, number>;
  cost_given: Record<string, number>;
  cost_computed: Record<string, number>;
  created_at: string;
  updated_at: string;
}

export interface ScoreRow {
  id: string;
  trace_id: string;
  observation_id: string | null;
  session_id: string | null;
  name: string | null;
  value: number | null;
  string_value: string | null;
  data_type: string | null;
  source: string | null;
  comment: string | null;
  config_id: string | null;
  environment: string | null;
  metadata: string | null;
  timestamp: string | null;
  created_at: string;
}

/** ClickHouse DateTime64 text (UTC) to ISO-8601 with milliseconds. */
export const isoOf = (t: string | null | undefined) =>
  t && !t.startsWith("1970-01-01 00:00:00") ? `${t.replace(" ", "T")}Z` : null;

/** The scalar fields of a trace row as every read shows them (lists and detail). */
export function traceFields(t: Omit<TraceRow, "input" | "output" | "metadata">) {
  return {
    id: t.id,
    timestamp: isoOf(t.timestamp),
    name: t.name,
    userId: t.user_id,
    sessionId: t.session_id,
    sessionPath: t.session_path,
    release: t.release,
    version: t.version,
    environment: t.environment ?? "default",
    public: t.public === 1,
    tags: [...t.tags].sort(),
    createdAt: isoOf(t.created_at),
    updatedAt: isoOf(t.updated_at),
  };
}
