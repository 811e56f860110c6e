/**
 * OTLP/protobuf → plain object, with protobufjs' reflection decoder over the OTLP descriptor
 * (otlp-descriptor.ts). OpenTelemetry's JS packages no longer ship a request decoder (the exporters
 * only encode), and the last generated one carries every OTLP signal: 190 KB in the OTLP route's bundle
 * against 75 KB for protobufjs/light and the descriptor (docs/deployment.md).
 */
import protobuf from "protobufjs/light.js";
import { OTLP_DESCRIPTOR } from "./otlp-descriptor";

const root = protobuf.Root.fromJSON(OTLP_DESCRIPTOR);
const REQUESTS = {
  traces: root.lookupType("opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest"),
  logs: root.lookupType("opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest"),
};

/**
 * Decodes the bytes and converts them to the OTLP JSON object shape, except that
 * bytes fields (ids, bytesValue) come out base64, which the normalizer accepts.
 * Throws protobufjs' own errors on malformed input; the caller maps them.
 */
export function decodeProtobufRequest(bytes: Uint8Array, signal: keyof typeof REQUESTS = "traces"): unknown {
  const type = REQUESTS[signal];
  const message = type.decode(bytes);
  // longs as decimal strings keep nanosecond times exact; enums as numbers.
  return type.toObject(message, { longs: String, bytes: String, enums: Number, defaults: false });
}
