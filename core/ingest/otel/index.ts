export { decodeOtlpLogs, decodeOtlpTraces } from "./decode-otlp";
export { otlpLogsToEvents } from "./logs-to-events";
export type {
  Attributes,
  AttributeValue,
  OtlpLogRecord,
  OtlpResourceSpans,
  OtlpScope,
  OtlpScopeSpans,
  OtlpSpan,
  OtlpSpanEvent,
  OtlpTraceRequest,
} from "./otlp-request";
export { type OtelSdkIdentity, sdkOf } from "./sdk-of";
export { type OtelIngestEvent, otlpToEvents } from "./spans-to-events";
