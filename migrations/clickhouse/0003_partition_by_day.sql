-- Telemetry tables partitioned by day (issue 4). Every row carries `bucket`: the day its
-- trace was first received (a trace-less score: the day the score was), the same for every
-- partial row of that trace in every table. Postgres keeps that day per trace (the trace
-- mirror, assigned once by the ingest worker), so all partial rows of an entity share one
-- partition. Reads then fold with FINAL and do_not_merge_across_partitions_select_final:
-- a partition that holds a single part (every day but the current one, once merged) is read
-- without a merge at all, and only the current day's rows are merged at read time.
-- min_age_to_force_merge_* merge a day that stopped receiving inserts into one part.
--
-- What the metrics aggregate reads of every observation is stored uncompressed
-- (CODEC(NONE): start and end time, the packed cost and token folds): decompressing them was
-- most of its time, for about 50 bytes more per observation on disk. trace_key is a 64-bit
-- hash of the trace id, so counting distinct traces reads 8 bytes per row, not the id.
-- project_id is LowCardinality: every read filters on it, and comparing dictionary codes
-- instead of 36-byte strings took a fifth of the aggregate's time.
--
-- The tables of 0001/0002 are copied with the bucket of their trace (the day of the trace's
-- earliest receive time, which is what the worker assigns), then swapped in by RENAME.
-- Every step is safe to repeat: re-inserted partial rows fold into the same entity, and a run
-- interrupted after a RENAME copies the already migrated table once more. The bucket map
-- stays behind in migration_0003_buckets; the migrate step copies it into the Postgres trace
-- mirror and drops it.

CREATE TABLE IF NOT EXISTS migration_0003_buckets (
  project_id LowCardinality(String),
  kind String,
  key String,
  bucket SimpleAggregateFunction(min, Date)
) ENGINE = AggregatingMergeTree
ORDER BY (project_id, kind, key);

INSERT INTO migration_0003_buckets (project_id, kind, key, bucket)
SELECT project_id, kind, key, toDate(min(first)) FROM (
  SELECT project_id, 'trace' AS kind, id AS key, min(created_at) AS first FROM traces GROUP BY project_id, id
  UNION ALL SELECT project_id, 'trace' AS kind, trace_id AS key, min(created_at) AS first FROM observations GROUP BY project_id, trace_id
  UNION ALL SELECT project_id, if(trace_id = '', 'score', 'trace') AS kind, if(trace_id = '', id, trace_id) AS key, min(created_at) AS first FROM scores GROUP BY project_id, trace_id, id
) GROUP BY project_id, kind, key;

CREATE TABLE IF NOT EXISTS traces_by_day (
  project_id LowCardinality(String),
  bucket Date,
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
  updated_at SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
  PROJECTION traces_by_timestamp (SELECT project_id, id, timestamp ORDER BY project_id, timestamp)
) ENGINE = AggregatingMergeTree
PARTITION BY bucket
ORDER BY (project_id, id)
SETTINGS deduplicate_merge_projection_mode = 'rebuild', lightweight_mutation_projection_mode = 'rebuild',
  min_age_to_force_merge_seconds = 3600, min_age_to_force_merge_on_partition_only = 1;

INSERT INTO traces_by_day (bucket, project_id, id, timestamp, name, user_id, session_id, session_path, release, version, environment, public, input, output, metadata, tags, created_at, updated_at)
SELECT b.bucket, t.project_id, t.id, t.timestamp, t.name, t.user_id, t.session_id, t.session_path, t.release, t.version, t.environment, t.public, t.input, t.output, t.metadata, t.tags, t.created_at, t.updated_at
FROM traces AS t INNER JOIN (SELECT project_id, kind, key, min(bucket) AS bucket FROM migration_0003_buckets GROUP BY project_id, kind, key) AS b
  ON t.project_id = b.project_id AND b.kind = 'trace' AND b.key = t.id
SETTINGS max_partitions_per_insert_block = 0;

DROP TABLE IF EXISTS traces_0001;

RENAME TABLE traces TO traces_0001, traces_by_day TO traces;

DROP TABLE IF EXISTS traces_0001;

CREATE TABLE IF NOT EXISTS observations_by_day (
  project_id LowCardinality(String),
  bucket Date,
  trace_id String,
  id String,
  type SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  parent_observation_id SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  name SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Nullable(String))),
  start_time SimpleAggregateFunction(min, Nullable(DateTime64(3, 'UTC'))) CODEC(NONE),
  end_time SimpleAggregateFunction(max, Nullable(DateTime64(3, 'UTC'))) CODEC(NONE),
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
  usage_details SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Map(String, Float64))),
  cost_given SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Map(String, Float64))),
  cost_computed SimpleAggregateFunction(max, Tuple(DateTime64(3, 'UTC'), Map(String, Float64))),
  created_at SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
  updated_at SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
  cost_usd SimpleAggregateFunction(max, UInt128) MATERIALIZED multiIf(
  notEmpty(cost_given.2), bitOr(bitShiftLeft(toUInt128(20000000000000 + greatest(0, toUnixTimestamp64Milli(cost_given.1))), 64),
    toUInt128(reinterpretAsUInt64(toFloat64(if(mapContains(cost_given.2, 'total'), cost_given.2['total'], arraySum(mapValues(cost_given.2))))))),
  notEmpty(cost_computed.2), bitOr(bitShiftLeft(toUInt128(10000000000000 + greatest(0, toUnixTimestamp64Milli(cost_computed.1))), 64),
    toUInt128(reinterpretAsUInt64(toFloat64(if(mapContains(cost_computed.2, 'total'), cost_computed.2['total'], arraySum(mapValues(cost_computed.2))))))),
  toUInt128(0)) CODEC(NONE),
  input_tokens SimpleAggregateFunction(max, UInt128) MATERIALIZED if(empty(usage_details.2), toUInt128(0),
  bitOr(bitShiftLeft(toUInt128(10000000000000 + greatest(0, toUnixTimestamp64Milli(usage_details.1))), 64),
    toUInt128(reinterpretAsUInt64(toFloat64(arraySum(mapValues(mapFilter((k, v) -> position(k, 'input') > 0, usage_details.2)))))))) CODEC(NONE),
  output_tokens SimpleAggregateFunction(max, UInt128) MATERIALIZED if(empty(usage_details.2), toUInt128(0),
  bitOr(bitShiftLeft(toUInt128(10000000000000 + greatest(0, toUnixTimestamp64Milli(usage_details.1))), 64),
    toUInt128(reinterpretAsUInt64(toFloat64(arraySum(mapValues(mapFilter((k, v) -> position(k, 'output') > 0 OR position(k, 'reasoning') > 0, usage_details.2)))))))) CODEC(NONE),
  total_tokens SimpleAggregateFunction(max, UInt128) MATERIALIZED if(empty(usage_details.2), toUInt128(0),
  bitOr(bitShiftLeft(toUInt128(10000000000000 + greatest(0, toUnixTimestamp64Milli(usage_details.1))), 64),
    toUInt128(reinterpretAsUInt64(toFloat64(if(mapContains(usage_details.2, 'total'), usage_details.2['total'], arraySum(mapValues(usage_details.2)))))))) CODEC(NONE),
  trace_key UInt64 MATERIALIZED cityHash64(trace_id),
  PROJECTION observations_by_start (SELECT project_id, trace_id, id, start_time ORDER BY project_id, start_time)
) ENGINE = AggregatingMergeTree
PARTITION BY bucket
ORDER BY (project_id, trace_id, id)
SETTINGS deduplicate_merge_projection_mode = 'rebuild', lightweight_mutation_projection_mode = 'rebuild',
  min_age_to_force_merge_seconds = 3600, min_age_to_force_merge_on_partition_only = 1;

INSERT INTO observations_by_day (bucket, project_id, trace_id, id, type, parent_observation_id, name, start_time, end_time, completion_start_time, level, status_message, version, environment, model, model_parameters, input, output, metadata, prompt_name, prompt_version, usage_details, cost_given, cost_computed, created_at, updated_at)
SELECT b.bucket, t.project_id, t.trace_id, t.id, t.type, t.parent_observation_id, t.name, t.start_time, t.end_time, t.completion_start_time, t.level, t.status_message, t.version, t.environment, t.model, t.model_parameters, t.input, t.output, t.metadata, t.prompt_name, t.prompt_version, t.usage_details, t.cost_given, t.cost_computed, t.created_at, t.updated_at
FROM observations AS t INNER JOIN (SELECT project_id, kind, key, min(bucket) AS bucket FROM migration_0003_buckets GROUP BY project_id, kind, key) AS b
  ON t.project_id = b.project_id AND b.kind = 'trace' AND b.key = t.trace_id
SETTINGS max_partitions_per_insert_block = 0;

DROP TABLE IF EXISTS observations_0001;

RENAME TABLE observations TO observations_0001, observations_by_day TO observations;

DROP TABLE IF EXISTS observations_0001;

CREATE TABLE IF NOT EXISTS scores_by_day (
  project_id LowCardinality(String),
  bucket Date,
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
  updated_at SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
  PROJECTION scores_by_timestamp (SELECT project_id, trace_id, id, timestamp ORDER BY project_id, timestamp)
) ENGINE = AggregatingMergeTree
PARTITION BY bucket
ORDER BY (project_id, trace_id, id)
SETTINGS deduplicate_merge_projection_mode = 'rebuild', lightweight_mutation_projection_mode = 'rebuild',
  min_age_to_force_merge_seconds = 3600, min_age_to_force_merge_on_partition_only = 1;

INSERT INTO scores_by_day (bucket, project_id, trace_id, id, observation_id, session_id, name, value, string_value, data_type, source, comment, config_id, environment, metadata, timestamp, created_at, updated_at)
SELECT b.bucket, t.project_id, t.trace_id, t.id, t.observation_id, t.session_id, t.name, t.value, t.string_value, t.data_type, t.source, t.comment, t.config_id, t.environment, t.metadata, t.timestamp, t.created_at, t.updated_at
FROM scores AS t INNER JOIN (SELECT project_id, kind, key, min(bucket) AS bucket FROM migration_0003_buckets GROUP BY project_id, kind, key) AS b
  ON t.project_id = b.project_id AND b.kind = if(t.trace_id = '', 'score', 'trace') AND b.key = if(t.trace_id = '', t.id, t.trace_id)
SETTINGS max_partitions_per_insert_block = 0;

DROP TABLE IF EXISTS scores_0001;

RENAME TABLE scores TO scores_0001, scores_by_day TO scores;

DROP TABLE IF EXISTS scores_0001;
