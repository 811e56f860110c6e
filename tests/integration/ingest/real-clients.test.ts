import { LangfuseSpanProcessor } from "@langfuse/otel";
import {
  propagateAttributes,
  setLangfuseTracerProvider,
  startActiveObservation,
  startObservation,
} from "@langfuse/tracing";
import { context, trace } from "@opentelemetry/api";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtoExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { BasicTracerProvider, SimpleSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { Langfuse } from "langfuse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basic, startTestApp, type TestApp } from "../../support/local-app";

/** Polls the trace until the worker made it readable with `n` observations. */
async function readTrace(app: TestApp, id: string, observations: number) {
  for (let i = 0; i < 50; i++) {
    await app.drainQueues();
    const res = await app.call("GET", `/v1/traces/${id}`);
    if (res.status === 200 && res.body.observations.length >= observations) return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`trace ${id} never showed ${observations} observations`);
}

describe("real clients that nobody here wrote", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  async function exportWith(exporter: SpanExporter) {
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const tracer = provider.getTracer("app-under-test", "1.0.0");
    const root = tracer.startSpan("handle-request", { attributes: { "gen_ai.conversation.id": "conv-1" } });
    const child = tracer.startSpan(
      "chat gpt-4o",
      {
        attributes: {
          "gen_ai.operation.name": "chat",
          "gen_ai.provider.name": "openai",
          "gen_ai.request.model": "gpt-4o",
          "gen_ai.response.model": "gpt-4o-2024-08-06",
          "gen_ai.request.temperature": 0.2,
          "gen_ai.usage.input_tokens": 1000,
          "gen_ai.usage.cache_read.input_tokens": 400,
          "gen_ai.usage.output_tokens": 200,
          "gen_ai.usage.reasoning.output_tokens": 50,
          "gen_ai.input.messages": JSON.stringify([{ role: "user", parts: [{ type: "text", content: "hi" }] }]),
          "gen_ai.output.messages": JSON.stringify([
            { role: "assistant", parts: [{ type: "text", content: "hello" }] },
          ]),
        },
      },
      trace.setSpan(context.active(), root),
    );
    child.end();
    root.end();
    await provider.forceFlush();
    await provider.shutdown();
    return {
      traceId: root.spanContext().traceId,
      rootId: root.spanContext().spanId,
      childId: child.spanContext().spanId,
    };
  }

  for (const [name, make] of [
    ["protobuf", (url: string, headers: Record<string, string>) => new ProtoExporter({ url, headers })],
    ["JSON", (url: string, headers: Record<string, string>) => new JsonExporter({ url, headers })],
  ] as const) {
    it(`takes OTLP ${name} from the official exporter and maps gen_ai.* onto trace, generation, usage and cost`, async () => {
      const ids = await exportWith(make(`${app.url}/v1/otel/v1/traces`, { authorization: basic(app.admin) }));
      const t = await readTrace(app, ids.traceId, 2);
      expect(t).toMatchObject({ id: ids.traceId, name: "handle-request", sessionId: "conv-1" });
      const gen = t.observations.find((o: any) => o.id === ids.childId);
      expect(gen).toMatchObject({ type: "GENERATION", parentObservationId: ids.rootId, model: "gpt-4o-2024-08-06" });
      // Semconv counts cached input inside input and reasoning inside output: stored apart, never twice.
      expect(gen.usageDetails).toMatchObject({
        input: 600,
        cache_read_input_tokens: 400,
        output: 150,
        reasoning_tokens: 50,
        total: 1200,
      });
      expect(gen.totalCost).toBeGreaterThan(0);
      expect(t.totalCost).toBeCloseTo(gen.totalCost, 12);
    });
  }

  it("takes the Langfuse JS SDK v5 (OTel based) on its alias", async () => {
    const processor = new LangfuseSpanProcessor({
      publicKey: app.admin.publicKey,
      secretKey: app.admin.secretKey,
      baseUrl: app.url,
      environment: "staging",
      flushAt: 1,
    });
    const provider = new NodeTracerProvider({ spanProcessors: [processor] });
    provider.register();
    setLangfuseTracerProvider(provider);
    const traceId = await propagateAttributes(
      { traceName: "math", userId: "user-5", sessionId: "session-5", tags: ["v5"] },
      () =>
        startActiveObservation("agent-run", async (root) => {
          root.update({ input: { question: "2+2?" } });
          const gen = startObservation(
            "llm-call",
            {
              model: "gpt-4o-mini",
              input: [{ role: "user", content: "2+2?" }],
              usageDetails: { input: 20, output: 2 },
            },
            { asType: "generation" },
          );
          gen.update({ output: { role: "assistant", content: "4" } }).end();
          root.update({ output: "4" });
          return root.traceId;
        }),
    );
    await processor.forceFlush();
    await provider.shutdown();
    setLangfuseTracerProvider(null);

    const t = await readTrace(app, traceId, 2);
    expect(t).toMatchObject({
      name: "math",
      userId: "user-5",
      sessionId: "session-5",
      environment: "staging",
      tags: ["v5"],
    });
    const g = t.observations.find((o: any) => o.name === "llm-call");
    expect(g).toMatchObject({
      type: "GENERATION",
      model: "gpt-4o-mini",
      output: { role: "assistant", content: "4" },
      usageDetails: { input: 20, output: 2 },
    });
    expect(g.totalCost).toBeGreaterThan(0);
    const sdks = (await app.call("GET", "/v1/usage/sdks")).body.data.map((s: any) => s.name);
    expect(sdks).toContain("javascript");
  });

  it("takes the legacy langfuse v3 client, scores included, on /api/public/ingestion", async () => {
    const langfuse = new Langfuse({
      publicKey: app.admin.publicKey,
      secretKey: app.admin.secretKey,
      baseUrl: app.url,
      flushAt: 100,
    });
    const t = langfuse.trace({ name: "legacy", userId: "u-3", input: "hi", environment: "prod" } as any);
    const g = t.generation({
      name: "llm",
      model: "claude-3-5-sonnet-20241022",
      input: [{ role: "user", content: "hi" }],
    });
    g.end({ output: "hello", usage: { input: 30, output: 10 } });
    t.score({ name: "helpful", value: 1, dataType: "BOOLEAN" } as any);
    t.update({ output: "hello" });
    await langfuse.shutdownAsync();

    const stored = await readTrace(app, t.id, 1);
    expect(stored).toMatchObject({ name: "legacy", userId: "u-3", input: "hi", output: "hello" });
    expect(stored.observations[0]).toMatchObject({
      model: "claude-3-5-sonnet-20241022",
      output: "hello",
      usageDetails: { input: 30, output: 10 },
    });
    expect(stored.observations[0].totalCost).toBeGreaterThan(0);
    expect(stored.scores).toEqual([
      expect.objectContaining({ name: "helpful", value: 1, stringValue: "True", dataType: "BOOLEAN", source: "API" }),
    ]);
    const sdks = (await app.call("GET", "/v1/usage/sdks")).body.data.map((s: any) => s.name);
    expect(sdks).toContain("langfuse-js");
  });
});
