/*
 * The telemetry storage layout, owned here alone (docs/ingest.md, "Storage layout"): the ClickHouse tables
 * of traces, observations and scores as partial rows folded at read time, the day partition of each trace
 * and its Postgres mirror, and large bodies offloaded to the blob store. Ingest, reads, deletion,
 * retention, evaluators and datasets use it through this index.
 */
export { PartialRow, chTime } from "./partial-row";
export { mergeEvents, type EventBatch, type MergedRows } from "./merge-events";
export { writeRows } from "./write-rows";
export type { CreatedListeners } from "./created-events";
export { writeScores, type ScoreWrite } from "./write-scores";
export { assignBuckets, forgetTraces, isMirrored } from "./trace-buckets";
export { backfillTraceMirror } from "./backfill-trace-mirror";
export { offloadedKey, payloadPrefix, OFFLOAD_THRESHOLD_BYTES } from "./offload";
export { storedPricing, traceIdsOfObservations, storedTraceIds, storedNames, tracesWithOutput, sessionIsStored, type StoredPricing } from "./stored-lookups";
export * from "./fold.ch";
export * from "./rows.ch";
export { mapSpan, type MappedSpan } from "./spans/map-span";
export { defined } from "./spans/drafts";
export { stringOf, isoFromNanos } from "./spans/attribute-reader";
export type { Attributes, AttributeValue, SpanEvent, SpanView } from "./spans/span-view";
export { quietSessions, settleSessions, type QuietSession } from "./session-activity";
/**
 * The environment that holds the platform's own model calls (playground, experiments, judges): reserved, so
 * metrics leave it out unless it is selected (docs/ingest.md, "The platform's own model calls").
 */
export const PLATFORM_ENVIRONMENT = "sightline";
