/**
 * What the span mapping reads of one OpenTelemetry span, whatever the wire encoding was: attribute values
 * are plain JS values, times are decimal nanosecond strings (int64 does not fit a number).
 */
export type AttributeValue = string | number | boolean | null | AttributeValue[] | { [key: string]: AttributeValue };
export type Attributes = Record<string, AttributeValue>;

export interface SpanEvent {
  name: string;
  timeUnixNano: string;
  attributes: Attributes;
}

export interface SpanView {
  name: string;
  attributes: Attributes;
  events: readonly SpanEvent[];
  /** The span's start, ISO 8601 with milliseconds. */
  start: string;
  /** No parent, or marked by its SDK as the application's root: it names its trace. */
  isRoot: boolean;
}
