import * as z from "zod";

/**
 * ExportTraceServiceRequest as it arrives in OTLP/HTTP JSON, and as the protobuf
 * decoder's plain-object output looks (which differs only in ids being base64).
 * Lenient where proto3 JSON is: int64 as string or number, enums as number or
 * name, null meaning "not set", unknown fields ignored.
 */

const opt = <T extends z.ZodType>(t: T) => t.nullish();
// JSON numbers beyond 2^53 (nanosecond times) arrive rounded but are still accepted.
const Int64 = z.union([z.string().regex(/^-?\d+$/, "expected an integer"), z.number()]);
const Nanos = z.union([z.string().regex(/^\d+$/, "expected unix nanoseconds"), z.number().nonnegative()]);
const Enum = z.union([z.number().int(), z.string()]);

export interface WireAnyValue {
  stringValue?: string | null;
  boolValue?: boolean | null;
  intValue?: string | number | null;
  doubleValue?: number | string | null;
  bytesValue?: string | null;
  arrayValue?: { values?: WireAnyValue[] | null } | null;
  kvlistValue?: { values?: WireKeyValue[] | null } | null;
}
export interface WireKeyValue {
  key: string;
  value?: WireAnyValue | null;
}

export const WireAnyValue: z.ZodType<WireAnyValue> = z.lazy(() =>
  z.object({
    stringValue: opt(z.string()),
    boolValue: opt(z.boolean()),
    intValue: opt(Int64),
    // proto3 JSON spells the non-finite doubles as strings.
    doubleValue: opt(z.union([z.number(), z.enum(["NaN", "Infinity", "-Infinity"])])),
    bytesValue: opt(z.string()),
    arrayValue: opt(z.object({ values: opt(z.array(WireAnyValue)) })),
    kvlistValue: opt(z.object({ values: opt(z.array(WireKeyValue)) })),
  }),
);
export const WireKeyValue: z.ZodType<WireKeyValue> = z.lazy(() =>
  z.object({ key: z.string(), value: opt(WireAnyValue) }),
);
const Attributes = opt(z.array(WireKeyValue));

const WireSpan = z.object({
  traceId: z.string(),
  spanId: z.string(),
  parentSpanId: opt(z.string()),
  name: opt(z.string()),
  kind: opt(Enum),
  startTimeUnixNano: opt(Nanos),
  endTimeUnixNano: opt(Nanos),
  attributes: Attributes,
  events: opt(z.array(z.object({ name: opt(z.string()), timeUnixNano: opt(Nanos), attributes: Attributes }))),
  status: opt(z.object({ code: opt(Enum), message: opt(z.string()) })),
});

export const WireTraceRequest = z.object({
  resourceSpans: z.array(
    z.object({
      resource: opt(z.object({ attributes: Attributes })),
      scopeSpans: opt(
        z.array(
          z.object({
            scope: opt(z.object({ name: opt(z.string()), version: opt(z.string()) })),
            spans: opt(z.array(WireSpan)),
          }),
        ),
      ),
    }),
  ),
});
export type WireTraceRequest = z.infer<typeof WireTraceRequest>;
export type WireSpan = z.infer<typeof WireSpan>;

const WireLogRecord = z.object({
  timeUnixNano: opt(Nanos),
  observedTimeUnixNano: opt(Nanos),
  eventName: opt(z.string()),
  body: opt(WireAnyValue),
  attributes: Attributes,
  traceId: opt(z.string()),
  spanId: opt(z.string()),
});

/** ExportLogsServiceRequest, in either encoding (as the trace request above). */
export const WireLogsRequest = z.object({
  resourceLogs: z.array(
    z.object({
      scopeLogs: opt(z.array(z.object({ logRecords: opt(z.array(WireLogRecord)) }))),
    }),
  ),
});
export type WireLogsRequest = z.infer<typeof WireLogsRequest>;
export type WireLogRecord = z.infer<typeof WireLogRecord>;
