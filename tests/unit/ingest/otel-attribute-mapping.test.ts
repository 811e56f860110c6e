import { EVENT_BODIES, type EventType } from "@core/ingest/ingest.schema";
import { type Attributes, type OtlpSpan, type OtlpTraceRequest, otlpToEvents, sdkOf } from "@core/ingest/otel";
import { describe, expect, it } from "vitest";

const TRACE = "0af7651916cd43dd8448eb211c80319c";
const ROOT = "b7ad6b7169203331";
const CHILD = "00f067aa0ba902b7";

const span = (over: Partial<OtlpSpan>): OtlpSpan => ({
  traceId: TRACE,
  spanId: CHILD,
  parentSpanId: ROOT,
  name: "step",
  kind: 1,
  startTimeUnixNano: "1795327603407000000",
  endTimeUnixNano: "1795327603418322888",
  attributes: {},
  status: { code: 0 },
  events: [],
  ...over,
});
const request = (spans: OtlpSpan[], resourceAttributes: Attributes = {}): OtlpTraceRequest => ({
  resourceSpans: [{ resourceAttributes, scopeSpans: [{ scope: { name: "app" }, spans }] }],
});
const mapOne = (attributes: Attributes, over: Partial<OtlpSpan> = {}) =>
  otlpToEvents(request([span({ attributes, ...over })]));
const observationOf = (events: ReturnType<typeof otlpToEvents>) => events.find((e) => e.type !== "trace-create")!;

describe("langfuse.* attributes", () => {
  it("lets a child span update its trace, under its own event id", () => {
    const events = otlpToEvents(
      request([
        span({ spanId: ROOT, parentSpanId: undefined, name: "root" }),
        span({
          attributes: {
            "langfuse.trace.name": "checkout",
            "langfuse.trace.tags": ["a", "b"],
            "langfuse.trace.public": true,
            "langfuse.trace.metadata.tenant": "acme",
            "langfuse.trace.output": '{"ok":true}',
            "user.id": "u-1",
            "langfuse.session.id": "s-1",
            "langfuse.release": "r9",
          },
        }),
      ]),
    );
    const traces = events.filter((e) => e.type === "trace-create");

    expect(traces.map((e) => e.id)).toEqual([`otel-${TRACE}-trace-${ROOT}`, `otel-${TRACE}-trace-${CHILD}`]);
    expect(traces[1]!.body).toEqual({
      id: TRACE,
      name: "checkout",
      tags: ["a", "b"],
      public: true,
      metadata: { tenant: "acme" },
      output: { ok: true },
      userId: "u-1",
      sessionId: "s-1",
      release: "r9",
    });
    // Later than the root's trace event, so the explicit name wins when merged.
    expect(traces[1]!.timestamp > traces[0]!.timestamp).toBe(true);
  });

  it("maps level, status, version, prompt and metadata, with Langfuse winning over OTel status", () => {
    const body = observationOf(
      mapOne(
        {
          "langfuse.observation.type": "generation",
          "langfuse.observation.level": "warning",
          "langfuse.observation.status_message": "slow",
          "langfuse.observation.version": "v3",
          "langfuse.observation.prompt.name": "greet",
          "langfuse.observation.prompt.version": 4,
          "langfuse.observation.metadata.step": '{"n":1}',
          "langfuse.observation.metadata.note": "plain text",
          "langfuse.environment": "dev",
        },
        { status: { code: 2, message: "boom" } },
      ),
    ).body;

    expect(body).toMatchObject({
      level: "WARNING",
      statusMessage: "slow",
      version: "v3",
      promptName: "greet",
      promptVersion: 4,
      environment: "dev",
    });
    expect(body.metadata).toMatchObject({ step: { n: 1 }, note: "plain text" });
  });

  it("normalizes usage aliases, splits OpenAI's inclusive details and keeps custom units", () => {
    const usage = (details: object) =>
      observationOf(mapOne({ "langfuse.observation.usage_details": JSON.stringify(details) })).body.usageDetails;

    expect(
      usage({ promptTokens: 10, completionTokens: 5, cached_tokens: 2, output_reasoning_tokens: 1, images: 3 }),
    ).toEqual({
      input: 10,
      output: 5,
      cache_read_input_tokens: 2,
      reasoning_tokens: 1,
      images: 3,
      total: 21,
    });
    expect(usage({ input: 7, input_tokens: 7, total: 9 })).toEqual({ input: 7, total: 9 });
    expect(
      usage({
        prompt_tokens: 100,
        completion_tokens: 40,
        total_tokens: 140,
        prompt_tokens_details: { cached_tokens: 30 },
        completion_tokens_details: { reasoning_tokens: 10 },
      }),
    ).toEqual({
      input: 70,
      cache_read_input_tokens: 30,
      output: 30,
      reasoning_tokens: 10,
      total: 140,
    });
  });

  it("stores embeddings as generations and events without an end time", () => {
    expect(observationOf(mapOne({ "langfuse.observation.type": "embedding" })).type).toBe("generation-create");
    const event = observationOf(mapOne({ "langfuse.observation.type": "event" }));

    expect(event.type).toBe("event-create");
    expect(event.body.endTime).toBeUndefined();
  });
});

describe("gen_ai.* attributes", () => {
  it("never lets cached or reasoning tokens push a bucket below zero", () => {
    const body = observationOf(
      mapOne({
        "gen_ai.usage.input_tokens": 5,
        "gen_ai.usage.cache_read_input_tokens": 8,
        "gen_ai.usage.output_tokens": 1,
        "gen_ai.usage.reasoning_tokens": 3,
      }),
    ).body;

    expect(body.usageDetails).toEqual({
      input: 0,
      cache_read_input_tokens: 8,
      output: 0,
      reasoning_tokens: 3,
      total: 11,
    });
  });

  it("reads OpenLLMetry's indexed prompt and completion lists", () => {
    const body = observationOf(
      mapOne({
        "gen_ai.prompt.0.role": "user",
        "gen_ai.prompt.0.content": "hi",
        "gen_ai.prompt.1.role": "user",
        "gen_ai.prompt.1.content": "again",
        "gen_ai.completion.0.content": "yo",
      }),
    ).body;

    expect(body.input).toEqual([
      { role: "user", content: "hi" },
      { role: "user", content: "again" },
    ]);
    expect(body.output).toEqual([{ content: "yo" }]);
    expect(body.metadata).not.toHaveProperty("attributes");
  });

  it("treats tool and agent operations as spans and model calls as generations", () => {
    expect(observationOf(mapOne({ "gen_ai.operation.name": "execute_tool" })).type).toBe("span-create");
    expect(observationOf(mapOne({ "gen_ai.operation.name": "embeddings" })).type).toBe("generation-create");
  });

  it("takes the environment from the resource and the exception as error message", () => {
    const exception = {
      name: "exception",
      timeUnixNano: "1795327603410000000",
      attributes: { "exception.type": "TimeoutError", "exception.message": "took too long" },
    };
    const events = otlpToEvents(
      request([span({ status: { code: 2 }, events: [exception] })], { "deployment.environment": "qa" }),
    );

    expect(observationOf(events).body).toMatchObject({
      level: "ERROR",
      statusMessage: "TimeoutError: took too long",
      environment: "qa",
    });
  });
});

describe("hostile attribute names and values", () => {
  it("stay data and still give valid events", () => {
    const events = mapOne({
      "langfuse.observation.type": "constructor",
      "langfuse.observation.usage_details": '{"__proto__":{"x":1},"constructor":2,"toString":"3"}',
      "langfuse.observation.cost_details": '{"__proto__":1,"total":"0.5"}',
      "gen_ai.prompt.0.__proto__": "x",
      ["__proto__"]: "y",
    });
    const body = observationOf(events).body;

    expect(observationOf(events).type).toBe("span-create");
    expect(body.usageDetails).toEqual({ constructor: 2, toString: 3, total: 5 });
    expect(body.costDetails).toEqual({ total: 0.5 });
    expect(Object.hasOwn(body.metadata as object, "attributes") && Object.getPrototypeOf(body.metadata)).toBe(
      Object.prototype,
    );
    for (const e of events) expect(EVENT_BODIES[e.type as EventType].safeParse(e.body).error).toBeUndefined();
  });
});

describe("sdkOf", () => {
  it("falls back from a Langfuse scope to the resource SDK, then to any named scope", () => {
    expect(sdkOf(request([], { "telemetry.sdk.name": "opentelemetry", "telemetry.sdk.version": "1.30.0" }))).toEqual({
      name: "opentelemetry",
      version: "1.30.0",
    });
    expect(sdkOf(request([]))).toEqual({ name: "app", version: "unknown" });
    expect(sdkOf({ resourceSpans: [] })).toBeNull();
  });
});
