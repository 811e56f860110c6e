import { type Attributes, type OtlpSpan, otlpLogsToEvents, otlpToEvents } from "@core/ingest/otel";
import { describe, expect, it } from "vitest";

const TRACE = "0af7651916cd43dd8448eb211c80319c";
const span = (attributes: Attributes, over: Partial<OtlpSpan> = {}): OtlpSpan => ({
  traceId: TRACE,
  spanId: "00f067aa0ba902b7",
  parentSpanId: "b7ad6b7169203331",
  name: "step",
  kind: 1,
  startTimeUnixNano: "1795327603407000000",
  endTimeUnixNano: "1795327603418322888",
  attributes,
  status: { code: 0 },
  events: [],
  ...over,
});
const observationOf = (...spans: OtlpSpan[]) => {
  const events = otlpToEvents({
    resourceSpans: [{ resourceAttributes: {}, scopeSpans: [{ scope: { name: "app" }, spans }] }],
  });
  return events.find((e) => e.type !== "trace-create")!;
};

describe("the mapping table: which family wins", () => {
  it("Langfuse wins over the AI SDK, the AI SDK over OpenInference, OpenInference over GenAI; metadata merges", () => {
    const o = observationOf(
      span({
        "langfuse.observation.input": '"from langfuse"',
        "ai.operationId": "ai.generateText.doGenerate",
        "ai.prompt.messages": '[{"role":"user","content":"from ai"}]',
        "ai.response.model": "gpt-4o",
        "ai.telemetry.metadata.team": "ai",
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        "output.value": "from openinference",
        metadata: '{"team":"openinference","region":"eu"}',
        "gen_ai.output.messages": '[{"role":"assistant","content":"from gen_ai"}]',
        "gen_ai.provider.name": "openai",
      }),
    );
    expect(o.type).toBe("generation-create");
    expect(o.body).toMatchObject({ input: "from langfuse", model: "gpt-4o", output: "from openinference" });
    expect(o.body.metadata).toMatchObject({ team: "ai", region: "eu", provider: "openai" });
    // A losing family's attribute stays where it was, in metadata.attributes.
    expect((o.body.metadata as any).attributes).toMatchObject({
      "gen_ai.output.messages": '[{"role":"assistant","content":"from gen_ai"}]',
    });
  });

  it("an instrumentation's token totals on a span that is not a model call are not priced", () => {
    const agent = observationOf(
      span({
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.request.model": "gpt-4o",
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 5,
      }),
    );
    expect(agent.type).toBe("span-create");
    expect(agent.body.usageDetails).toBeUndefined();
    expect(agent.body.metadata).toMatchObject({ observationType: "agent" });
  });
});

describe("values that cannot be read", () => {
  it("keeps bad JSON as its text, reads numeric strings, ignores other strings, and never drops the span", () => {
    const o = observationOf(
      span({
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        "input.value": "{not json",
        "input.mime_type": "application/json",
        "llm.token_count.prompt": "21",
        "llm.token_count.completion": "many",
        "llm.invocation_parameters": "[1, 2",
      }),
    );
    expect(o.type).toBe("generation-create");
    expect(o.body.input).toBe("{not json");
    expect(o.body.usageDetails).toEqual({ input: 21, total: 21 });
    expect(o.body.modelParameters).toBeUndefined();
  });

  it("a list index past 1,000 is not a list, and hostile path segments stay data", () => {
    const o = observationOf(
      span({
        "gen_ai.operation.name": "chat",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "hi",
        "llm.input_messages.0.message.__proto__.polluted": "yes",
        "llm.input_messages.99999999.message.role": "user",
      }),
    );
    expect(o.body.input).toBeUndefined();
    expect(({} as any).polluted).toBeUndefined();
    const ok = observationOf(
      span({ "llm.input_messages.1.message.content": "second", "llm.input_messages.0.message.content": "first" }),
    );
    expect(ok.body.input).toEqual([{ content: "first" }, { content: "second" }]);
  });

  it("a completion start before the span or not a number is left out", () => {
    expect(
      observationOf(span({ "ai.operationId": "ai.streamText.doStream", "ai.response.msToFirstChunk": -5 })).body
        .completionStartTime,
    ).toBeUndefined();
    expect(
      observationOf(span({ "ai.operationId": "ai.streamText.doStream", "ai.response.msToFirstChunk": "soon" })).body
        .completionStartTime,
    ).toBeUndefined();
    expect(
      observationOf(span({ "ai.operationId": "ai.streamText.doStream", "ai.response.msToFirstChunk": 250 })).body
        .completionStartTime,
    ).toBe("2026-11-22T06:06:43.657Z");
  });
});

describe("GenAI event log records", () => {
  const record = (name: string, body: any, time: string, spanId = "00f067aa0ba902b7") => ({
    traceId: TRACE,
    spanId,
    timeUnixNano: time,
    attributes: { "event.name": name, "gen_ai.system": "openai" },
    body,
  });

  it("the records of one span become one update: messages in order as input, the choice as output", () => {
    const { events, refused } = otlpLogsToEvents([
      record("gen_ai.system.message", { content: "Be brief." }, "1795327603407000000"),
      record("gen_ai.user.message", { content: "Hi" }, "1795327603407000000"),
      record(
        "gen_ai.choice",
        { index: 0, finish_reason: "stop", message: { content: "Hello" } },
        "1795327603500000000",
      ),
      record("gen_ai.user.message", { content: "Other span" }, "1795327603407000000", "b7ad6b7169203331"),
      { ...record("app.event", {}, "1795327603407000000") },
    ]);
    expect(refused).toBe(1);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      type: "generation-update",
      timestamp: "2026-11-22T06:06:43.500Z",
      body: {
        id: "00f067aa0ba902b7",
        traceId: TRACE,
        input: [
          { role: "system", content: "Be brief." },
          { role: "user", content: "Hi" },
        ],
        output: { index: 0, finish_reason: "stop", message: { content: "Hello" } },
      },
    });
  });
});
