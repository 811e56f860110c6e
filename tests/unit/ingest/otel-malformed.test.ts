import { decodeOtlpTraces, otlpToEvents } from "@core/ingest/otel";
import { AppError } from "@core/platform/errors";
import { ROOT_CONTEXT, trace } from "@opentelemetry/api";
import { ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const utf8 = (s: string) => new TextEncoder().encode(s);

function realProtobuf(): Uint8Array {
  const exporter = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer("t");
  const root = tracer.startSpan("root", {
    attributes: { "gen_ai.request.model": "m", "gen_ai.usage.input_tokens": 3 },
  });
  tracer.startSpan("child", { attributes: { tags: ["a", "b"] } }, trace.setSpan(ROOT_CONTEXT, root)).end();
  root.end();
  return ProtobufTraceSerializer.serializeRequest(exporter.getFinishedSpans())!;
}
const valid = realProtobuf();

/** What the route relies on: a 400-able AppError, never anything else. */
function rejection(run: () => unknown): AppError | "accepted" {
  try {
    run();
    return "accepted";
  } catch (e) {
    if (!(e instanceof AppError)) throw new Error(`escaped as ${String(e)}`, { cause: e });
    return e;
  }
}
const decodeAndMap = (bytes: Uint8Array, type: string | undefined) => () => otlpToEvents(decodeOtlpTraces(bytes, type));
const expectInvalid = (bytes: Uint8Array, type: string | undefined, message?: RegExp) => {
  const outcome = rejection(decodeAndMap(bytes, type));
  expect(outcome).toBeInstanceOf(AppError);
  expect((outcome as AppError).code).toBe("invalid_input");
  if (message) expect((outcome as AppError).message).toMatch(message);
};
const deepArray = (depth: number) =>
  `{"resourceSpans":[{"resource":{"attributes":[{"key":"k","value":${'{"arrayValue":{"values":['.repeat(depth)}{"intValue":1}${"]}}".repeat(depth)}}]}}]}`;

describe("malformed OTLP input", () => {
  it("rejects unsupported or missing content types", () => {
    expectInvalid(valid, "text/plain", /application\/x-protobuf or application\/json/);
    expectInvalid(valid, undefined);
  });

  it("rejects an empty body in either encoding", () => {
    expectInvalid(new Uint8Array(), "application/x-protobuf", /empty/);
    expectInvalid(new Uint8Array(), "application/json", /empty/);
  });

  it("rejects bytes that are not protobuf, and truncated protobuf", () => {
    expectInvalid(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0x0f, 0x01]), "application/x-protobuf");
    expectInvalid(valid.subarray(0, Math.floor(valid.length / 2)), "application/x-protobuf", /protobuf/);
    expectInvalid(utf8('{"resourceSpans":[]}'), "application/x-protobuf");
  });

  it("rejects JSON that is not JSON or not an ExportTraceServiceRequest", () => {
    expectInvalid(utf8("not json"), "application/json", /not valid JSON/);
    expectInvalid(new Uint8Array([0x7b, 0xff, 0x7d]), "application/json", /not valid JSON/);
    expectInvalid(utf8("[]"), "application/json", /ExportTraceServiceRequest/);
    expectInvalid(utf8('{"resourceSpans":"x"}'), "application/json", /at resourceSpans/);
    const span = (s: object) =>
      utf8(
        JSON.stringify({
          resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: "a".repeat(32), spanId: "b".repeat(16), ...s }] }] }],
        }),
      );
    expectInvalid(span({ traceId: "xyz" }), "application/json", /traceId/);
    expectInvalid(span({ spanId: "" }), "application/json", /spanId/);
    expectInvalid(span({ startTimeUnixNano: "soon" }), "application/json", /startTimeUnixNano/);
    expectInvalid(span({ startTimeUnixNano: "9".repeat(30) }), "application/json", /out of range/);
    expectInvalid(span({}), "application/json", /no start time/);
  });

  it("accepts ids in base64 too, as lenient JSON senders spell them", () => {
    const body = {
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                {
                  traceId: Buffer.alloc(16, 0xab).toString("base64"),
                  spanId: Buffer.alloc(8, 0xcd).toString("base64"),
                  startTimeUnixNano: 1e18,
                },
              ],
            },
          ],
        },
      ],
    };
    const [span] = decodeOtlpTraces(utf8(JSON.stringify(body)), "application/json").resourceSpans[0]!.scopeSpans[0]!
      .spans;

    expect(span).toMatchObject({ traceId: "ab".repeat(16), spanId: "cd".repeat(8), parentSpanId: undefined });
  });

  it("rejects absurdly nested attribute values without overflowing", () => {
    expectInvalid(utf8(deepArray(40)), "application/json", /nested/);
    expectInvalid(utf8(deepArray(20_000)), "application/json");
  });

  it("answers random bytes with invalid_input or a result, never another error", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 512 }),
        fc.constantFrom("application/x-protobuf", "application/json"),
        (bytes, type) => {
          const outcome = rejection(decodeAndMap(bytes, type));
          return outcome === "accepted" || outcome.code === "invalid_input";
        },
      ),
      { numRuns: 500 },
    );
  });

  it("answers corrupted real protobuf the same way", () => {
    const corrupt = fc.oneof(
      fc.nat(valid.length - 1).map((n) => valid.subarray(0, n)),
      fc
        .tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 }))
        .map(([i, b]) => Uint8Array.from(valid, (x, j) => (j === i ? b : x))),
    );
    fc.assert(
      fc.property(corrupt, (bytes) => {
        const outcome = rejection(decodeAndMap(bytes, "application/x-protobuf"));
        return outcome === "accepted" || outcome.code === "invalid_input";
      }),
      { numRuns: 500 },
    );
  });

  it("answers arbitrary JSON inside the envelope the same way", () => {
    const envelope = fc.jsonValue().map((v) => JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [v] }] }] }));
    fc.assert(
      fc.property(fc.oneof(fc.json(), envelope), (text) => {
        const outcome = rejection(decodeAndMap(utf8(text), "application/json"));
        return outcome === "accepted" || outcome.code === "invalid_input";
      }),
      { numRuns: 500 },
    );
  });
});
