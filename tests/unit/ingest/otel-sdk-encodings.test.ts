import { decodeOtlpTraces, otlpToEvents, sdkOf } from "@core/ingest/otel";
import { type Attributes, ROOT_CONTEXT, SpanStatusCode, trace } from "@opentelemetry/api";
import { JsonTraceSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { defaultResource, resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";

const T0 = Date.UTC(2026, 10, 22, 6, 0, 0);
const json = (v: unknown) => JSON.stringify(v);

/** Spans as a real OTel SDK records them: an agent root, a current-semconv chat call, an older-semconv one. */
function recordSpans() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({ "service.name": "checkout", "deployment.environment.name": "prod" }),
    ),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer("genai-app", "0.3.0");
  const root = tracer.startSpan("invoke_agent planner", {
    startTime: T0,
    attributes: { "gen_ai.operation.name": "invoke_agent", "gen_ai.conversation.id": "conv-7" },
  });
  const inRoot = trace.setSpan(ROOT_CONTEXT, root);

  const chat: Attributes = {
    "gen_ai.operation.name": "chat",
    "gen_ai.provider.name": "openai",
    "gen_ai.request.model": "gpt-4o",
    "gen_ai.response.model": "gpt-4o-2024-08-06",
    "gen_ai.request.temperature": 0.3,
    "gen_ai.request.max_tokens": 256,
    "gen_ai.usage.input_tokens": 100,
    "gen_ai.usage.cache_read.input_tokens": 30,
    "gen_ai.usage.cache_creation.input_tokens": 10,
    "gen_ai.usage.output_tokens": 50,
    "gen_ai.usage.reasoning.output_tokens": 20,
    "gen_ai.system_instructions": json([{ type: "text", content: "Be brief." }]),
    "gen_ai.input.messages": json([{ role: "user", parts: [{ type: "text", content: "2+2?" }] }]),
    "gen_ai.output.messages": json([
      { role: "assistant", parts: [{ type: "text", content: "4" }], finish_reason: "stop" },
    ]),
    "http.route": "/checkout",
  };
  tracer.startSpan("chat gpt-4o", { startTime: T0 + 10, attributes: chat }, inRoot).end(T0 + 900);

  const legacy = tracer.startSpan(
    "anthropic.completion",
    {
      startTime: T0 + 1000,
      attributes: {
        "gen_ai.system": "anthropic",
        "gen_ai.request.model": "claude-3-5",
        "gen_ai.usage.prompt_tokens": 8,
        "gen_ai.usage.completion_tokens": 2,
      },
    },
    inRoot,
  );
  legacy.addEvent("gen_ai.user.message", { "gen_ai.system": "anthropic", content: "hi" }, T0 + 1001);
  legacy.addEvent(
    "gen_ai.choice",
    { index: 0, finish_reason: "error", message: json({ role: "assistant", content: "" }) },
    T0 + 1500,
  );
  legacy.setStatus({ code: SpanStatusCode.ERROR, message: "overloaded" });
  legacy.end(T0 + 1600);
  root.end(T0 + 2000);
  return exporter.getFinishedSpans();
}

const spans = recordSpans();
const protobuf = ProtobufTraceSerializer.serializeRequest(spans)!;
const jsonBytes = JsonTraceSerializer.serializeRequest(spans)!;
const events = otlpToEvents(decodeOtlpTraces(protobuf, "application/x-protobuf"));
const byName = (name: string) => events.find((e) => e.type !== "trace-create" && e.body.name === name)!;

describe("exports of the OpenTelemetry SDK", () => {
  it("decode to the same events from protobuf and from JSON", () => {
    const fromJson = otlpToEvents(decodeOtlpTraces(jsonBytes, "application/json; charset=utf-8"));

    expect(fromJson).toEqual(events);
    expect(otlpToEvents(decodeOtlpTraces(protobuf, "application/protobuf"))).toEqual(events);
    expect(events.map((e) => e.type).sort()).toEqual([
      "generation-create",
      "generation-create",
      "span-create",
      "trace-create",
    ]);
  });

  it("keeps the span tree: the root is the trace, children point at it", () => {
    const root = byName("invoke_agent planner");
    const traceEvent = events.find((e) => e.type === "trace-create")!;

    expect(root.type).toBe("span-create");
    expect(root.body.parentObservationId).toBeUndefined();
    expect(byName("chat gpt-4o").body).toMatchObject({ traceId: root.body.traceId, parentObservationId: root.body.id });
    expect(root.body.id).toMatch(/^[0-9a-f]{16}$/);
    expect(traceEvent.body).toMatchObject({
      id: root.body.traceId,
      name: "invoke_agent planner",
      sessionId: "conv-7",
      environment: "prod",
      timestamp: "2026-11-22T06:00:00.000Z",
    });
    expect(traceEvent.body.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it("splits GenAI usage into disjoint buckets: input without cache, output without reasoning", () => {
    expect(byName("chat gpt-4o").body.usageDetails).toEqual({
      input: 60,
      cache_read_input_tokens: 30,
      cache_creation_input_tokens: 10,
      output: 30,
      reasoning_tokens: 20,
      total: 150,
    });
  });

  it("maps model, parameters, provider, messages and unmapped attributes", () => {
    expect(byName("chat gpt-4o").body).toMatchObject({
      model: "gpt-4o-2024-08-06",
      modelParameters: { temperature: 0.3, max_tokens: 256 },
      startTime: "2026-11-22T06:00:00.010Z",
      endTime: "2026-11-22T06:00:00.900Z",
      environment: "prod",
      input: [
        { role: "system", parts: [{ type: "text", content: "Be brief." }] },
        { role: "user", parts: [{ type: "text", content: "2+2?" }] },
      ],
      output: [{ role: "assistant", parts: [{ type: "text", content: "4" }], finish_reason: "stop" }],
      metadata: {
        provider: "openai",
        operationName: "chat",
        attributes: { "http.route": "/checkout" },
        resourceAttributes: { "service.name": "checkout" },
        scope: { name: "genai-app", version: "0.3.0" },
      },
    });
  });

  it("reads the older GenAI names, message events and an error status", () => {
    expect(byName("anthropic.completion").body).toMatchObject({
      model: "claude-3-5",
      usageDetails: { input: 8, output: 2, total: 10 },
      input: [{ role: "user", content: "hi" }],
      output: { index: 0, finish_reason: "error", message: { role: "assistant", content: "" } },
      level: "ERROR",
      statusMessage: "overloaded",
      metadata: { provider: "anthropic" },
    });
  });

  it("names the OpenTelemetry SDK from the resource", () => {
    expect(sdkOf(decodeOtlpTraces(protobuf, "application/x-protobuf"))).toEqual({
      name: "opentelemetry",
      version: expect.stringMatching(/^2\./),
    });
  });
});
