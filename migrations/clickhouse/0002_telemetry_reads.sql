-- Read paths of the telemetry tables (issue 4). Only additions: 0001 stays as written.
--
-- 1. Scalar folds of cost and tokens. Folding the map columns (max over Tuple(time, Map))
--    compares tuples value by value and was the slowest part of every aggregate read. Each of
--    these columns packs "which row wins" and the value into one UInt128, so max() over plain
--    integers picks the same winner: high 64 bits = rank (2 = client cost, 1 = computed cost or
--    usage) * 1e13 + event time in ms, low 64 bits = the IEEE-754 bits of the value (their
--    order is the numeric order for values >= 0, which breaks ties by value). 0 = absent.
-- 2. Projections sorted by time, so "newest first" pages read a few granules in order
--    instead of the whole project. AggregatingMergeTree needs 'rebuild' for projections on
--    merges and for lightweight DELETE.

ALTER TABLE observations MODIFY SETTING deduplicate_merge_projection_mode = 'rebuild', lightweight_mutation_projection_mode = 'rebuild';

ALTER TABLE traces MODIFY SETTING deduplicate_merge_projection_mode = 'rebuild', lightweight_mutation_projection_mode = 'rebuild';

ALTER TABLE scores MODIFY SETTING deduplicate_merge_projection_mode = 'rebuild', lightweight_mutation_projection_mode = 'rebuild';

ALTER TABLE observations ADD COLUMN IF NOT EXISTS cost_usd SimpleAggregateFunction(max, UInt128) MATERIALIZED multiIf(
  notEmpty(cost_given.2), bitOr(bitShiftLeft(toUInt128(20000000000000 + greatest(0, toUnixTimestamp64Milli(cost_given.1))), 64),
    toUInt128(reinterpretAsUInt64(toFloat64(if(mapContains(cost_given.2, 'total'), cost_given.2['total'], arraySum(mapValues(cost_given.2))))))),
  notEmpty(cost_computed.2), bitOr(bitShiftLeft(toUInt128(10000000000000 + greatest(0, toUnixTimestamp64Milli(cost_computed.1))), 64),
    toUInt128(reinterpretAsUInt64(toFloat64(if(mapContains(cost_computed.2, 'total'), cost_computed.2['total'], arraySum(mapValues(cost_computed.2))))))),
  toUInt128(0));

ALTER TABLE observations ADD COLUMN IF NOT EXISTS input_tokens SimpleAggregateFunction(max, UInt128) MATERIALIZED if(empty(usage_details.2), toUInt128(0),
  bitOr(bitShiftLeft(toUInt128(10000000000000 + greatest(0, toUnixTimestamp64Milli(usage_details.1))), 64),
    toUInt128(reinterpretAsUInt64(toFloat64(arraySum(mapValues(mapFilter((k, v) -> position(k, 'input') > 0, usage_details.2))))))));

ALTER TABLE observations ADD COLUMN IF NOT EXISTS output_tokens SimpleAggregateFunction(max, UInt128) MATERIALIZED if(empty(usage_details.2), toUInt128(0),
  bitOr(bitShiftLeft(toUInt128(10000000000000 + greatest(0, toUnixTimestamp64Milli(usage_details.1))), 64),
    toUInt128(reinterpretAsUInt64(toFloat64(arraySum(mapValues(mapFilter((k, v) -> position(k, 'output') > 0 OR position(k, 'reasoning') > 0, usage_details.2))))))));

ALTER TABLE observations ADD COLUMN IF NOT EXISTS total_tokens SimpleAggregateFunction(max, UInt128) MATERIALIZED if(empty(usage_details.2), toUInt128(0),
  bitOr(bitShiftLeft(toUInt128(10000000000000 + greatest(0, toUnixTimestamp64Milli(usage_details.1))), 64),
    toUInt128(reinterpretAsUInt64(toFloat64(if(mapContains(usage_details.2, 'total'), usage_details.2['total'], arraySum(mapValues(usage_details.2))))))));

ALTER TABLE observations ADD PROJECTION IF NOT EXISTS observations_by_start (SELECT project_id, trace_id, id, start_time ORDER BY project_id, start_time);

ALTER TABLE traces ADD PROJECTION IF NOT EXISTS traces_by_timestamp (SELECT project_id, id, timestamp ORDER BY project_id, timestamp);

ALTER TABLE scores ADD PROJECTION IF NOT EXISTS scores_by_timestamp (SELECT project_id, trace_id, id, timestamp ORDER BY project_id, timestamp);

ALTER TABLE observations MATERIALIZE PROJECTION observations_by_start;

ALTER TABLE traces MATERIALIZE PROJECTION traces_by_timestamp;

ALTER TABLE scores MATERIALIZE PROJECTION scores_by_timestamp;
