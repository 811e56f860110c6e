import { isoOf, type ScoreRow } from "../telemetry";

/** A folded score as every read shows it: lists, pages, exports and the scores of a trace's detail. */
export function scoreView(s: ScoreRow) {
  return {
    id: s.id,
    traceId: s.trace_id || null,
    observationId: s.observation_id,
    sessionId: s.session_id,
    name: s.name,
    value: s.data_type === "CATEGORICAL" ? null : s.value,
    stringValue: s.string_value,
    dataType: s.data_type,
    source: s.source,
    comment: s.comment,
    configId: s.config_id,
    environment: s.environment ?? "default",
    metadata: s.metadata === null ? null : JSON.parse(s.metadata),
    timestamp: isoOf(s.timestamp),
  };
}
