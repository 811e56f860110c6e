import { spawn } from "node:child_process";
import { setSession, setUser, traceAgent, traceChain, traceRetriever, traceTool } from "@arizeai/openinference-core";
import { OpenAIInstrumentation } from "@arizeai/openinference-instrumentation-openai";
import { context, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { embed, generateObject, generateText, stepCountIs, streamText, tool } from "ai";
import { MockEmbeddingModelV3, MockLanguageModelV3, simulateReadableStream } from "ai/test";
import * as logfire from "logfire";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { FakeOpenAI } from "../../support/fake-openai";
import { basic, startTestApp, type TestApp } from "../../support/local-app";

/*
 * Each instrumentation family, driven by its real package and exported by the official OTLP exporter, reads back
 * as a trace with input, output, model, usage and cost (docs/integrations.md).
 */

let app: TestApp;
let fake: FakeOpenAI;
let provider: NodeTracerProvider;
const sent = new InMemorySpanExporter();

async function readTrace(id: string, observations: number) {
  await provider.forceFlush();
  for (let i = 0; i < 60; i++) {
    await app.drainQueues();
    const res = await app.call("GET", `/v1/traces/${id}`);
    if (res.status === 200 && res.body.observations.length >= observations) return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`trace ${id} never showed ${observations} observations`);
}

/** The trace id of the last root span named `name` the app exported. */
function traceIdOf(name: string): string {
  const span = sent
    .getFinishedSpans()
    .filter((s) => s.name === name && !s.parentSpanContext)
    .at(-1);
  if (!span) throw new Error(`no root span ${name} was exported`);
  return span.spanContext().traceId;
}

const byName = (t: any, name: string) => t.observations.filter((o: any) => o.name === name);

beforeAll(async () => {
  app = await startTestApp();
  fake = await new FakeOpenAI().start();
  const exporter = new OTLPTraceExporter({
    url: `${app.url}/v1/otel/v1/traces`,
    headers: { authorization: basic(app.admin) },
  });
  provider = new NodeTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter), new SimpleSpanProcessor(sent)],
  });
  // Global, as an app registers it: the AI SDK, OpenInference's helpers and Logfire take the global tracer.
  provider.register();
});
afterAll(async () => {
  await provider?.shutdown();
  await fake?.stop();
  await app?.close();
});

describe("Vercel AI SDK (experimental_telemetry)", () => {
  const usage = {
    inputTokens: { total: 1000, noCache: 600, cacheRead: 400, cacheWrite: undefined },
    outputTokens: { total: 200, text: 150, reasoning: 50 },
  };
  const telemetry = {
    isEnabled: true,
    functionId: "weather-agent",
    metadata: { userId: "u-42", sessionId: "s-7", tags: ["beta", "weather"], tenant: "acme" },
  };

  it("generateText with a tool: the do* calls are generations with messages, answer, model, usage and cost; the tool its own observation", async () => {
    let step = 0;
    const model = new MockLanguageModelV3({
      modelId: "gpt-4o-mini",
      doGenerate: async () =>
        (step++ === 0
          ? {
              content: [
                {
                  type: "tool-call",
                  toolCallId: "call-1",
                  toolName: "weather",
                  input: JSON.stringify({ city: "Paris" }),
                },
              ],
              finishReason: { unified: "tool-calls", raw: "tool_calls" },
              usage,
              warnings: [],
            }
          : {
              content: [{ type: "text", text: "Sunny in Paris." }],
              finishReason: { unified: "stop", raw: "stop" },
              usage,
              warnings: [],
            }) as never,
    });
    const weather = tool({
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => ({ city, sky: "sunny" }),
    });
    await generateText({
      model,
      system: "Answer briefly.",
      prompt: "Weather in Paris?",
      tools: { weather },
      stopWhen: stepCountIs(3),
      temperature: 0.3,
      experimental_telemetry: telemetry,
    });

    const t = await readTrace(traceIdOf("ai.generateText"), 4);
    // functionId names the trace; the telemetry metadata's userId, sessionId and tags are the trace's.
    expect(t).toMatchObject({ name: "weather-agent", userId: "u-42", sessionId: "s-7" });
    expect(t.tags).toEqual(expect.arrayContaining(["beta", "weather"]));
    const [first, second] = byName(t, "ai.generateText.doGenerate").sort((a: any, b: any) =>
      a.startTime.localeCompare(b.startTime),
    );
    expect(first).toMatchObject({ type: "GENERATION", model: "gpt-4o-mini", modelParameters: { temperature: 0.3 } });
    expect(first.input).toEqual([
      { role: "system", content: "Answer briefly." },
      { role: "user", content: [{ type: "text", text: "Weather in Paris?" }] },
    ]);
    expect(first.output).toMatchObject({
      role: "assistant",
      toolCalls: [{ toolCallId: "call-1", toolName: "weather" }],
    });
    expect(second.output).toBe("Sunny in Paris.");
    // Inclusive counts split into disjoint buckets: cache reads out of input, reasoning out of output.
    expect(second.usageDetails).toMatchObject({
      input: 600,
      cache_read_input_tokens: 400,
      output: 150,
      reasoning_tokens: 50,
      total: 1200,
    });
    expect(second.totalCost).toBeGreaterThan(0);
    expect(first.metadata).toMatchObject({ tenant: "acme", userId: "u-42" });

    const [toolCall] = byName(t, "ai.toolCall");
    expect(toolCall).toMatchObject({
      type: "SPAN",
      input: { city: "Paris" },
      output: { city: "Paris", sky: "sunny" },
      metadata: { observationType: "tool" },
    });
    // The wrapper repeats the totals of its calls: a span, never priced twice.
    const [outer] = byName(t, "ai.generateText");
    expect(outer).toMatchObject({ type: "SPAN", output: "Sunny in Paris." });
    expect(outer.usageDetails ?? {}).toEqual({});
    expect(t.totalCost).toBeCloseTo(first.totalCost + second.totalCost, 12);
  });

  it("streamText: the time to the first chunk is the generation's completion start", async () => {
    const model = new MockLanguageModelV3({
      modelId: "gpt-4o-mini",
      doStream: async () =>
        ({
          stream: simulateReadableStream({
            initialDelayInMs: 120,
            chunkDelayInMs: 5,
            chunks: [
              { type: "text-start", id: "t" },
              { type: "text-delta", id: "t", delta: "Hel" },
              { type: "text-delta", id: "t", delta: "lo" },
              { type: "text-end", id: "t" },
              { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
            ],
          }),
        }) as never,
    });
    const result = streamText({ model, prompt: "Say hello", experimental_telemetry: telemetry });
    for await (const _ of result.textStream);

    const t = await readTrace(traceIdOf("ai.streamText"), 2);
    const [gen] = byName(t, "ai.streamText.doStream");
    expect(gen).toMatchObject({ type: "GENERATION", model: "gpt-4o-mini", output: "Hello" });
    expect(gen.input).toEqual([{ role: "user", content: [{ type: "text", text: "Say hello" }] }]);
    const firstChunkMs = Date.parse(gen.completionStartTime) - Date.parse(gen.startTime);
    expect(firstChunkMs).toBeGreaterThanOrEqual(100);
    expect(Date.parse(gen.completionStartTime)).toBeLessThanOrEqual(Date.parse(gen.endTime));
    expect(byName(t, "ai.streamText")[0]).toMatchObject({ input: "Say hello", output: "Hello" });
  });

  it("generateObject and embed: the object is the output; an embedding call is a priced generation", async () => {
    const objectModel = new MockLanguageModelV3({
      modelId: "gpt-4o-mini",
      doGenerate: async () =>
        ({
          content: [{ type: "text", text: '{"capital":"Paris"}' }],
          finishReason: { unified: "stop", raw: "stop" },
          usage,
          warnings: [],
        }) as never,
    });
    await generateObject({
      model: objectModel,
      schema: z.object({ capital: z.string() }),
      prompt: "Capital of France?",
      experimental_telemetry: telemetry,
    });
    const o = await readTrace(traceIdOf("ai.generateObject"), 2);
    expect(byName(o, "ai.generateObject.doGenerate")[0]).toMatchObject({
      type: "GENERATION",
      output: { capital: "Paris" },
      usageDetails: { input: 1000, output: 200 },
    });

    const embedder = new MockEmbeddingModelV3({
      modelId: "text-embedding-3-small",
      doEmbed: async () => ({ embeddings: [[0.5, -0.25]], usage: { tokens: 7 }, warnings: [] }) as never,
    });
    await embed({ model: embedder, value: "hello world", experimental_telemetry: telemetry });
    const e = await readTrace(traceIdOf("ai.embed"), 2);
    const [call] = byName(e, "ai.embed.doEmbed");
    expect(call).toMatchObject({
      type: "GENERATION",
      model: "text-embedding-3-small",
      input: ["hello world"],
      output: [[0.5, -0.25]],
      usageDetails: { input: 7, total: 7 },
      metadata: { observationType: "embedding" },
    });
    expect(call.totalCost).toBeGreaterThan(0);
  });
});

describe("mapped input and output take the batch's path", () => {
  it("PII masking and the 256 KB offload apply to what the mapping found", async () => {
    await app.call("PUT", "/v1/pii-policy", { body: { enabled: true, builtins: ["email"], custom: [] } });
    try {
      const long = `Dear jane@example.com, ${"y".repeat(300 * 1024)}`;
      const model = new MockLanguageModelV3({
        modelId: "gpt-4o-mini",
        doGenerate: async () =>
          ({
            content: [{ type: "text", text: long }],
            finishReason: { unified: "stop", raw: "stop" },
            usage: { inputTokens: { total: 5 }, outputTokens: { total: 5 } },
            warnings: [],
          }) as never,
      });
      await generateText({
        model,
        prompt: "Write to jane@example.com",
        experimental_telemetry: { isEnabled: true, functionId: "mailer" },
      });
      const traceId = traceIdOf("ai.generateText");
      const t = await readTrace(traceId, 2);
      const [gen] = byName(t, "ai.generateText.doGenerate");
      expect(gen.input).toEqual([{ role: "user", content: [{ type: "text", text: "Write to [REDACTED:email]" }] }]);
      expect(gen.output).toBe(`Dear [REDACTED:email], ${"y".repeat(300 * 1024)}`);
      expect((await app.deps.blobs.list("payloads/")).some((k) => k.includes(traceId))).toBe(true);
    } finally {
      await app.call("PUT", "/v1/pii-policy", { body: { enabled: false, builtins: [], custom: [] } });
    }
  });
});

describe("OpenInference (Arize Phoenix instrumentations)", () => {
  it("the OpenAI instrumentation: LLM and EMBEDDING spans become generations with messages, model, usage and cost", async () => {
    const instrumentation = new OpenAIInstrumentation({ tracerProvider: provider });
    instrumentation.manuallyInstrument(OpenAI);
    const client = new OpenAI({ apiKey: "sk-test", baseURL: fake.url });
    const tracer = provider.getTracer("app");
    const root = tracer.startSpan("answer-question");
    const ctx = setUser(setSession(trace.setSpan(context.active(), root), { sessionId: "oi-session" }), {
      userId: "oi-user",
    });
    try {
      await context.with(ctx, async () => {
        await client.chat.completions.create({
          model: "gpt-4o-mini",
          temperature: 0.1,
          messages: [
            { role: "system", content: "Be brief." },
            { role: "user", content: "Capital of France?" },
          ],
        });
        await client.embeddings.create({ model: "text-embedding-3-small", input: "hello" });
      });
    } finally {
      // The patch is on the SDK's prototypes, which later files of this fork share (the playground's provider).
      instrumentation.disable();
    }
    root.end();

    const t = await readTrace(root.spanContext().traceId, 3);
    expect(t).toMatchObject({ name: "answer-question", sessionId: "oi-session", userId: "oi-user" });
    const [chat] = byName(t, "OpenAI Chat Completions");
    expect(chat).toMatchObject({ type: "GENERATION", model: "gpt-4o-mini", modelParameters: { temperature: 0.1 } });
    expect(chat.input).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Capital of France?" },
    ]);
    expect(chat.output).toEqual([{ role: "assistant", content: "Paris is the capital of France." }]);
    // 21 prompt tokens of which 5 cached, 7 completion tokens of which 2 reasoning.
    expect(chat.usageDetails).toMatchObject({
      input: 16,
      cache_read_input_tokens: 5,
      output: 5,
      reasoning_tokens: 2,
      total: 28,
    });
    expect(chat.totalCost).toBeGreaterThan(0);
    const [embedding] = byName(t, "OpenAI Embeddings");
    expect(embedding).toMatchObject({
      type: "GENERATION",
      model: "text-embedding-3-small",
      input: "hello",
      metadata: { observationType: "embedding" },
    });
  });

  it("span kinds CHAIN, AGENT, TOOL and RETRIEVER from openinference-core's helpers, with input.value and output.value", async () => {
    const search = traceRetriever(async (query: string) => [{ pageContent: `about ${query}` }], {
      name: "search-docs",
    });
    const lookup = traceTool(async (args: { city: string }) => ({ city: args.city, temperature: 21 }), {
      name: "get-weather",
    });
    const agent = traceAgent(
      async (question: string) => {
        await search(question);
        return lookup({ city: "Paris" });
      },
      { name: "weather-agent" },
    );
    const pipeline = traceChain(async (question: string) => agent(question), { name: "pipeline" });
    await pipeline("weather in Paris");

    const t = await readTrace(traceIdOf("pipeline"), 4);
    expect(t.name).toBe("pipeline");
    expect(byName(t, "pipeline")[0]).toMatchObject({
      type: "SPAN",
      metadata: { observationType: "chain" },
      input: "weather in Paris",
    });
    expect(byName(t, "weather-agent")[0]).toMatchObject({ type: "SPAN", metadata: { observationType: "agent" } });
    expect(byName(t, "get-weather")[0]).toMatchObject({
      type: "SPAN",
      metadata: { observationType: "tool" },
      output: { city: "Paris", temperature: 21 },
    });
    expect(byName(t, "search-docs")[0]).toMatchObject({ type: "SPAN", metadata: { observationType: "retriever" } });
  });
});

describe("OpenTelemetry GenAI semantic conventions", () => {
  it("@opentelemetry/instrumentation-openai (in its own process, as it patches require): spans give model, usage and cost; its GenAI log records the messages", async () => {
    const out = await runNode([
      "tests/fixtures/instrumented/otel-openai.cjs",
      fake.url,
      `${app.url}/v1/otel`,
      basic(app.admin),
    ]);
    const traceId = out.trim().split("\n").at(-1)!;
    const t = await readTrace(traceId, 4);
    const chats = byName(t, "chat gpt-4o-mini").sort((a: any, b: any) => a.startTime.localeCompare(b.startTime));
    expect(chats).toHaveLength(2);
    for (const chat of chats) {
      expect(chat).toMatchObject({ type: "GENERATION", model: "gpt-4o-mini", usageDetails: { input: 21, output: 7 } });
      expect(chat.totalCost).toBeGreaterThan(0);
    }
    // The content arrives as log records on /v1/otel/v1/logs, attached to their span.
    expect(chats[0].input).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Capital of France?" },
    ]);
    expect(chats[0].output).toMatchObject({
      finish_reason: "stop",
      message: { content: "Paris is the capital of France." },
    });
    expect(chats[1].input).toEqual([{ role: "user", content: "Stream it" }]);
    expect(chats[1].output).toMatchObject({ message: { content: "Paris is the capital of France." } });
    expect(byName(t, "embeddings text-embedding-3-small")[0]).toMatchObject({
      type: "GENERATION",
      model: "text-embedding-3-small",
      usageDetails: { input: 4 },
    });
  });

  it("the logs endpoint refuses records that are not GenAI events of a span, and bad bodies with 400", async () => {
    const record = (attrs: Record<string, string>, spanId?: string) => ({
      timeUnixNano: "1795327603407000000",
      attributes: Object.entries(attrs).map(([key, v]) => ({ key, value: { stringValue: v } })),
      body: { kvlistValue: { values: [{ key: "content", value: { stringValue: "hi" } }] } },
      ...(spanId ? { traceId: "0af7651916cd43dd8448eb211c80319c", spanId } : {}),
    });
    const res = await app.call("POST", "/v1/otel/v1/logs", {
      body: {
        resourceLogs: [
          {
            scopeLogs: [
              {
                logRecords: [
                  record({ "event.name": "gen_ai.user.message" }, "b7ad6b7169203331"),
                  record({ "event.name": "app.started" }, "b7ad6b7169203331"),
                  record({ "event.name": "gen_ai.user.message" }),
                ],
              },
            ],
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      partialSuccess: { rejectedLogRecords: 2, errorMessage: "2 records are not GenAI events of a span" },
    });
    const bad = await app.call("POST", "/v1/otel/v1/logs", { body: { resourceLogs: "nope" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^OTLP request is not an ExportLogsServiceRequest at resourceLogs/);
  });
});

describe("Logfire and pydantic-ai", () => {
  it("Logfire's JS SDK: the formatted message names the observation, level_num sets the level, a log is an event", async () => {
    await logfire.span("handle {route}", { route: "/ask" }, {}, async () => {
      logfire.error("tool {name} failed", { name: "search" });
    });
    const t = await readTrace(traceIdOf("handle {route}"), 2);
    expect(t.name).toBe("handle /ask");
    expect(byName(t, "tool search failed")[0]).toMatchObject({ type: "EVENT", level: "ERROR" });
  });

  it("pydantic-ai's agent, model request and tool spans: messages, final result and tool I/O; the agent's token totals are not priced again", async () => {
    // pydantic-ai is a Python package: its spans are sent here with the attributes it writes (docs/integrations.md).
    const tracer = provider.getTracer("pydantic-ai", "1.0.0");
    const messages = [{ role: "user", parts: [{ type: "text", content: "Weather in Paris?" }] }];
    const agent = tracer.startSpan("agent run", {
      attributes: {
        agent_name: "weather",
        model_name: "gpt-4o-mini",
        "logfire.msg": "weather run",
        "gen_ai.usage.input_tokens": 30,
        "gen_ai.usage.output_tokens": 9,
        "pydantic_ai.all_messages": JSON.stringify(messages),
        final_result: "Sunny.",
      },
    });
    const inAgent = trace.setSpan(context.active(), agent);
    const chat = tracer.startSpan(
      "chat gpt-4o-mini",
      {
        attributes: {
          "gen_ai.operation.name": "chat",
          "gen_ai.system": "openai",
          "gen_ai.request.model": "gpt-4o-mini",
          "gen_ai.usage.input_tokens": 30,
          "gen_ai.usage.output_tokens": 9,
          "gen_ai.input.messages": JSON.stringify(messages),
          "gen_ai.output.messages": JSON.stringify([
            { role: "assistant", parts: [{ type: "tool_call", name: "weather", arguments: { city: "Paris" } }] },
          ]),
          "logfire.msg": "chat gpt-4o-mini",
          "logfire.json_schema": "{}",
        },
      },
      inAgent,
    );
    chat.end();
    const toolSpan = tracer.startSpan(
      "running tool",
      {
        attributes: {
          "gen_ai.tool.name": "weather",
          "gen_ai.tool.call.id": "c1",
          tool_arguments: '{"city":"Paris"}',
          tool_response: '{"sky":"sunny"}',
          "logfire.msg": "running tool: weather",
        },
      },
      inAgent,
    );
    toolSpan.end();
    agent.end();

    const t = await readTrace(agent.spanContext().traceId, 3);
    const [run] = byName(t, "weather run");
    expect(run).toMatchObject({
      type: "SPAN",
      input: messages,
      output: "Sunny.",
      metadata: { observationType: "agent" },
    });
    expect(run.usageDetails ?? {}).toEqual({});
    expect(byName(t, "running tool: weather")[0]).toMatchObject({
      type: "SPAN",
      input: { city: "Paris" },
      output: { sky: "sunny" },
      metadata: { observationType: "tool" },
    });
    const [gen] = byName(t, "chat gpt-4o-mini");
    expect(gen).toMatchObject({
      type: "GENERATION",
      model: "gpt-4o-mini",
      input: messages,
      usageDetails: { input: 30, output: 9 },
    });
    expect(t.totalCost).toBeCloseTo(gen.totalCost, 12);
  });
});

function runNode(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`exited ${code}: ${err}`))));
  });
}
