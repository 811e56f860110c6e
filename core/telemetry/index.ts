/*
 * The telemetry storage layout, owned here alone (docs/ingest.md, "Storage layout"): the ClickHouse tables
 * of traces, observations and scores as partial rows folded at read time, the day partition of each trace
 * and its Postgres mirror, and large bodies offloaded to the blob store. Ingest, reads, deletion,
 * retention, evaluators and datasets use it through this index.
 */

export { backfillTraceMirror } from "./backfill-trace-mirror";
export type { CreatedListeners } from "./created-events";
export * from "./fold.ch";
export { type EventBatch, type MergedRows, mergeEvents } from "./merge-events";
export { OFFLOAD_THRESHOLD_BYTES, offloadedKey, payloadPrefix } from "./offload";
export { chTime, PartialRow } from "./partial-row";
export * from "./rows.ch";
export { type QuietSession, quietSessions, settleSessions } from "./session-activity";
export { isoFromNanos, stringOf } from "./spans/attribute-reader";
export { defined } from "./spans/drafts";
export { type MappedSpan, mapSpan } from "./spans/map-span";
export type { Attributes, AttributeValue, SpanEvent, SpanView } from "./spans/span-view";
export {
  type StoredPricing,
  sessionIsStored,
  storedNames,
  storedPricing,
  storedTraceIds,
  traceIdsOfObservations,
  tracesWithOutput,
} from "./stored-lookups";
export { assignBuckets, forgetTraces, isMirrored } from "./trace-buckets";
export { writeRows } from "./write-rows";
export { type ScoreWrite, writeScores } from "./write-scores";
/**
 * The environment that holds the platform's own model calls (playground, experiments, judges): reserved, so
 * metrics leave it out unless it is selected (docs/ingest.md, "The platform's own model calls").
 */
export const PLATFORM_ENVIRONMENT = "sightline";
