export { decodeOtlpTraces } from "./decode-otlp";
export { otlpToEvents, type OtelIngestEvent } from "./spans-to-events";
export { sdkOf, type OtelSdkIdentity } from "./sdk-of";
export type { Attributes, AttributeValue, OtlpResourceSpans, OtlpScope, OtlpScopeSpans, OtlpSpan, OtlpSpanEvent, OtlpTraceRequest } from "./otlp-request";
