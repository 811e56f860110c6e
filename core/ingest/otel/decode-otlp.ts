import { invalid, isAppError } from "../../platform/errors";
import { jsonTextExceedsDepth, parseWellFormedJson } from "../../platform/storable-text";
import { normalizeLogs, normalizeRequest } from "./normalize-otlp";
import type { OtlpLogRecord, OtlpTraceRequest } from "./otlp-request";
import { WireLogsRequest, WireTraceRequest } from "./otlp-wire.schema";
import { decodeProtobufRequest } from "./protobuf-decoder";

const PROTOBUF_TYPES = new Set(["application/x-protobuf", "application/protobuf"]);
const JSON_TYPES = new Set(["application/json"]);

/**
 * Decodes an OTLP/HTTP trace export (gzip already undone by the caller) into the
 * normalized request. Whatever is wrong with the input (content type, encoding,
 * shape, ids) comes out as `invalid_input`, the client's fault; nothing else
 * escapes, because a decoder bug on hostile bytes must not become a 500.
 */
export function decodeOtlpTraces(bytes: Uint8Array, contentType: string | undefined): OtlpTraceRequest {
  return decode(bytes, contentType, SIGNALS.traces);
}

/** Decodes an OTLP/HTTP logs export, with the same rules as a trace export. */
export function decodeOtlpLogs(bytes: Uint8Array, contentType: string | undefined): OtlpLogRecord[] {
  return decode(bytes, contentType, SIGNALS.logs);
}

interface Signal<T> {
  name: "traces" | "logs";
  request: string;
  list: string;
  wire: {
    safeParse(
      v: unknown,
      // biome-ignore lint/suspicious/noExplicitAny: each signal's wire schema decides the shape its normalize reads.
    ): { success: true; data: any } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  };
  // biome-ignore lint/suspicious/noExplicitAny: as above: the schema's output, typed per signal where it is declared.
  normalize: (wire: any) => T;
}
const SIGNALS = {
  traces: {
    name: "traces",
    request: "ExportTraceServiceRequest",
    list: "resourceSpans",
    wire: WireTraceRequest,
    normalize: normalizeRequest,
  } satisfies Signal<OtlpTraceRequest>,
  logs: {
    name: "logs",
    request: "ExportLogsServiceRequest",
    list: "resourceLogs",
    wire: WireLogsRequest,
    normalize: normalizeLogs,
  } satisfies Signal<OtlpLogRecord[]>,
};

function decode<T>(bytes: Uint8Array, contentType: string | undefined, signal: Signal<T>): T {
  const mediaType = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const isProtobuf = PROTOBUF_TYPES.has(mediaType);
  if (!isProtobuf && !JSON_TYPES.has(mediaType)) {
    throw invalid(`OTLP ${signal.name} must be sent as application/x-protobuf or application/json`, {
      contentType: contentType ?? null,
    });
  }
  if (bytes.length === 0) throw invalid("OTLP request body is empty");
  try {
    const raw = isProtobuf ? fromProtobuf(bytes, signal) : fromJson(bytes);
    const parsed = signal.wire.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` at ${issue.path.map(String).join(".")}` : "";
      throw invalid(`OTLP request is not an ${signal.request}${where}: ${issue?.message ?? "wrong shape"}`, {
        issues: parsed.error.issues
          .slice(0, 5)
          .map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
      });
    }
    return signal.normalize(parsed.data);
  } catch (e) {
    if (isAppError(e)) throw e;
    // protobufjs' RangeErrors, a stack overflow on absurd nesting, anything else.
    throw invalid(`OTLP ${isProtobuf ? "protobuf" : "JSON"} request could not be decoded: ${messageOf(e)}`);
  }
}

function fromProtobuf(bytes: Uint8Array, signal: Signal<unknown>): unknown {
  let decoded: unknown;
  try {
    decoded = decodeProtobufRequest(bytes, signal.name);
  } catch (e) {
    throw invalid(`OTLP request is not valid protobuf: ${messageOf(e)}`);
  }
  // Protobuf skips unknown fields, so bytes of anything else can decode to an empty
  // message; an export always carries resourceSpans (resourceLogs).
  const list = (decoded as Record<string, unknown[] | undefined>)[signal.list];
  if (!list?.length) throw invalid(`OTLP protobuf request holds no ${signal.list}`);
  return decoded;
}

/** An attribute value nests 3 JSON levels per level (value, kvlistValue, values) under ~8 of envelope. */
const MAX_OTLP_JSON_DEPTH = 256;

function fromJson(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (e) {
    throw invalid(`OTLP request is not valid JSON: ${messageOf(e)}`);
  }
  // Before the recursive steps that follow (the wire schema, attribute values).
  if (jsonTextExceedsDepth(text, MAX_OTLP_JSON_DEPTH))
    throw invalid(`OTLP request nests deeper than ${MAX_OTLP_JSON_DEPTH} levels`);
  try {
    return parseWellFormedJson(text);
  } catch (e) {
    throw invalid(`OTLP request is not valid JSON: ${messageOf(e)}`);
  }
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 200);
