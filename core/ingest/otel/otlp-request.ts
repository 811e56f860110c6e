/**
 * The one shape both OTLP encodings decode to. Ids are lowercase hex, times are
 * the decimal nanosecond strings of the wire (int64 would not fit a number), and
 * attribute values are plain JS values, so the mapping never sees an encoding.
 */

import type { Attributes, AttributeValue, SpanEvent } from "../../telemetry";

export type { Attributes, AttributeValue } from "../../telemetry";
export type OtlpSpanEvent = SpanEvent;

export interface OtlpSpan {
  /** 32 lowercase hex characters. */
  traceId: string;
  /** 16 lowercase hex characters. */
  spanId: string;
  /** Absent for a root span (the wire's empty or all-zero id). */
  parentSpanId?: string;
  name: string;
  /** SpanKind enum value (0 unspecified … 5 consumer). */
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Attributes;
  /** code: 0 unset, 1 ok, 2 error. */
  status: { code: number; message?: string };
  events: OtlpSpanEvent[];
}

export interface OtlpScope {
  name?: string;
  version?: string;
}

export interface OtlpScopeSpans {
  scope: OtlpScope;
  spans: OtlpSpan[];
}

export interface OtlpResourceSpans {
  resourceAttributes: Attributes;
  scopeSpans: OtlpScopeSpans[];
}

export interface OtlpTraceRequest {
  resourceSpans: OtlpResourceSpans[];
}

/** One OTLP log record; only GenAI event records with a span are used (docs/integrations.md). */
export interface OtlpLogRecord {
  traceId?: string;
  spanId?: string;
  timeUnixNano: string;
  /** The record's event name (newer SDKs), else its `event.name` attribute is read. */
  eventName?: string;
  attributes: Attributes;
  body: AttributeValue;
}
