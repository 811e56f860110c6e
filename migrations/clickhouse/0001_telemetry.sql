-- Telemetry tables. Every event writes only the fields it carries, as a partial
-- row; AggregatingMergeTree folds the partial rows of one id together, in the
-- background and at read time (FINAL / GROUP BY), so ingest never reads before
-- it writes. A "versioned" column is max(Tuple(event time, value)): the value of
-- the latest event that carried it wins whatever order events arrive in, and an
-- event that does not carry it writes the sentinel (epoch 0, NULL), which never wins.

CREATE TABLE IF NOT EXISTS traces (
  project_id String,
  id String,
  timestamp SimpleAggregateFunction(min, Nullable(DateTime64(3, 'UTC'))),
  name SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  user_id SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  session_id SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  session_path SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  release SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  version SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  environment SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  public SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(UInt8))),
  input SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  output SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  metadata SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  tags SimpleAggregateFunction(groupUniqArrayArray, Array(String)),
  created_at SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
  updated_at SimpleAggregateFunction(max, DateTime64(3, 'UTC'))
) ENGINE = AggregatingMergeTree
ORDER BY (project_id, id);

CREATE TABLE IF NOT EXISTS observations (
  project_id String,
  trace_id String,
  id String,
  type SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  parent_observation_id SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  name SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  start_time SimpleAggregateFunction(min, Nullable(DateTime64(3, 'UTC'))),
  end_time SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC'))),
  completion_start_time SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(DateTime64(3, 'UTC')))),
  level SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  status_message SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  version SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  environment SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  model SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  model_parameters SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  input SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  output SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  metadata SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  prompt_name SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  prompt_version SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(UInt32))),
  -- Usage and cost are maps; an event without them writes (epoch 0, {}).
  usage_details SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Map(String, Float64))),
  -- A cost the client sent wins over the computed one, so they are kept apart.
  cost_given SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Map(String, Float64))),
  cost_computed SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Map(String, Float64))),
  created_at SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
  updated_at SimpleAggregateFunction(max, DateTime64(3, 'UTC'))
) ENGINE = AggregatingMergeTree
ORDER BY (project_id, trace_id, id);

CREATE TABLE IF NOT EXISTS scores (
  project_id String,
  trace_id String,
  id String,
  observation_id SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  session_id SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  name SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  value SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(Float64))),
  string_value SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  data_type SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  source SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  comment SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  config_id SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  environment SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  metadata SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  timestamp SimpleAggregateFunction(min, Nullable(DateTime64(3, 'UTC'))),
  created_at SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
  updated_at SimpleAggregateFunction(max, DateTime64(3, 'UTC'))
) ENGINE = AggregatingMergeTree
ORDER BY (project_id, trace_id, id);
