export { decodeOtlpLogs, decodeOtlpTraces } from "./decode-otlp";
export { otlpLogsToEvents } from "./logs-to-events";
export { otlpToEvents, type OtelIngestEvent } from "./spans-to-events";
export { sdkOf, type OtelSdkIdentity } from "./sdk-of";
export type { Attributes, AttributeValue, OtlpResourceSpans, OtlpScope, OtlpScopeSpans, OtlpSpan, OtlpSpanEvent, OtlpTraceRequest, OtlpLogRecord } from "./otlp-request";
