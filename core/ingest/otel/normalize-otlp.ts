import { invalid } from "../../platform/errors";
import type { Attributes, AttributeValue, OtlpLogRecord, OtlpSpan, OtlpTraceRequest } from "./otlp-request";
import type { WireAnyValue, WireKeyValue, WireLogsRequest, WireSpan, WireTraceRequest } from "./otlp-wire.schema";

/** Nested arrays and kvlists deeper than this are cut: real attributes are shallow. */
const MAX_VALUE_DEPTH = 32;

const SPAN_KINDS: Record<string, number> = {
  SPAN_KIND_UNSPECIFIED: 0,
  SPAN_KIND_INTERNAL: 1,
  SPAN_KIND_SERVER: 2,
  SPAN_KIND_CLIENT: 3,
  SPAN_KIND_PRODUCER: 4,
  SPAN_KIND_CONSUMER: 5,
};
const STATUS_CODES: Record<string, number> = { STATUS_CODE_UNSET: 0, STATUS_CODE_OK: 1, STATUS_CODE_ERROR: 2 };

/** Wire request (either encoding, already schema-checked) → the normalized shape. */
export function normalizeRequest(wire: WireTraceRequest): OtlpTraceRequest {
  return {
    resourceSpans: wire.resourceSpans.map((rs) => ({
      resourceAttributes: attributesOf(rs.resource?.attributes),
      scopeSpans: (rs.scopeSpans ?? []).map((ss) => ({
        scope: { name: ss.scope?.name || undefined, version: ss.scope?.version || undefined },
        spans: (ss.spans ?? []).map(normalizeSpan),
      })),
    })),
  };
}

/** Wire logs request → its records, flattened (resource and scope say nothing the mapping uses). */
export function normalizeLogs(wire: WireLogsRequest): OtlpLogRecord[] {
  return wire.resourceLogs.flatMap((rl) =>
    (rl.scopeLogs ?? []).flatMap((sl) =>
      (sl.logRecords ?? []).map((r) => ({
        traceId: idHex(r.traceId ?? "", 16, "traceId"),
        spanId: idHex(r.spanId ?? "", 8, "spanId"),
        timeUnixNano: nanosOf(r.timeUnixNano ?? r.observedTimeUnixNano),
        eventName: r.eventName || undefined,
        attributes: attributesOf(r.attributes),
        body: anyValueOf(r.body, 0),
      })),
    ),
  );
}

function normalizeSpan(span: WireSpan): OtlpSpan {
  const traceId = idHex(span.traceId, 16, "traceId");
  if (traceId === undefined) throw invalid("OTLP span has an empty or all-zero traceId");
  const spanId = idHex(span.spanId, 8, "spanId");
  if (spanId === undefined) throw invalid(`OTLP span in trace ${traceId} has an empty or all-zero spanId`);
  return {
    traceId,
    spanId,
    parentSpanId: idHex(span.parentSpanId ?? "", 8, "parentSpanId"),
    name: span.name ?? "",
    kind: enumOf(span.kind, SPAN_KINDS),
    startTimeUnixNano: nanosOf(span.startTimeUnixNano),
    endTimeUnixNano: nanosOf(span.endTimeUnixNano),
    attributes: attributesOf(span.attributes),
    status: { code: enumOf(span.status?.code, STATUS_CODES), message: span.status?.message || undefined },
    events: (span.events ?? []).map((e) => ({
      name: e.name ?? "",
      timeUnixNano: nanosOf(e.timeUnixNano),
      attributes: attributesOf(e.attributes),
    })),
  };
}

/**
 * OTLP/HTTP JSON spells ids in hex; protobuf bytes (and some lenient senders)
 * come as base64. The two never share a length (32/16 hex vs 22-24/11-12 base64).
 * Empty and all-zero ids mean "none".
 */
function idHex(value: string, bytes: number, field: string): string | undefined {
  let hex: string | undefined;
  if (value.length === bytes * 2 && /^[0-9a-f]+$/i.test(value)) hex = value.toLowerCase();
  else if (value.length > 0 && value.length <= 4 * Math.ceil(bytes / 3) && /^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
    const decoded = Buffer.from(value, "base64");
    if (decoded.length === bytes) hex = decoded.toString("hex");
  } else if (value.length === 0) return undefined;
  if (hex === undefined)
    throw invalid(`OTLP ${field} must be ${bytes * 2} hex characters or ${bytes} base64 bytes`, {
      [field]: value.slice(0, 64),
    });
  return /^0+$/.test(hex) ? undefined : hex;
}

/** Decimal nanoseconds; a JSON number (already rounded past 2^53) is written out without exponent. */
function nanosOf(value: string | number | null | undefined): string {
  return typeof value === "number" ? BigInt(Math.trunc(value)).toString() : (value ?? "0");
}

function enumOf(value: number | string | null | undefined, names: Record<string, number>): number {
  if (typeof value === "number") return value;
  return typeof value === "string" && Object.hasOwn(names, value) ? names[value]! : 0;
}

export function attributesOf(list: readonly WireKeyValue[] | null | undefined, depth = 0): Attributes {
  // fromEntries defines own properties, so a key such as "__proto__" stays plain data.
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, anyValueOf(kv.value, depth)]));
}

function anyValueOf(v: WireAnyValue | null | undefined, depth: number): AttributeValue {
  if (!v) return null;
  if (depth > MAX_VALUE_DEPTH) throw invalid(`OTLP attribute value nested deeper than ${MAX_VALUE_DEPTH} levels`);
  if (v.stringValue != null) return v.stringValue;
  if (v.boolValue != null) return v.boolValue;
  // int64 as a JS number: exact up to 2^53, which token counts and sizes never reach.
  if (v.intValue != null) return Math.trunc(Number(v.intValue));
  if (v.doubleValue != null) return Number(v.doubleValue);
  if (v.bytesValue != null) return v.bytesValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map((x) => anyValueOf(x, depth + 1));
  if (v.kvlistValue) return attributesOf(v.kvlistValue.values, depth + 1);
  return null;
}
