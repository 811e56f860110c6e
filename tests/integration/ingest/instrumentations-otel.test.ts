import { spawn } from "node:child_process";
import { setSession, setUser, traceAgent, traceChain, traceRetriever, traceTool } from "@arizeai/openinference-core";
import { OpenAIInstrumentation } from "@arizeai/openinference-instrumentation-openai";
import { context, trace } from "@opentelemetry/api";
import * as logfire from "logfire";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { byName, instrumentedApp } from "../../support/instrumented-app";
import { basic } from "../../support/local-app";

/*
 * OpenInference (Arize Phoenix), the OpenTelemetry GenAI conventions, and Logfire with pydantic-ai, each driven by
 * its real package (or, for Python's, the attributes it writes) and exported by the official OTLP exporter, read
 * back as traces with input, output, model, usage and cost (docs/integrations.md). The Vercel AI SDK:
 * instrumentations-vercel-ai.test.ts.
 */

const h = instrumentedApp();

describe("OpenInference (Arize Phoenix instrumentations)", () => {
  it("the OpenAI instrumentation: LLM and EMBEDDING spans become generations with messages, model, usage and cost", async () => {
    const instrumentation = new OpenAIInstrumentation({ tracerProvider: h.provider });
    instrumentation.manuallyInstrument(OpenAI);
    const client = new OpenAI({ apiKey: "sk-test", baseURL: h.fake.url });
    const tracer = h.provider.getTracer("app");
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

    const t = await h.readTrace(root.spanContext().traceId, 3);
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

    const t = await h.readTrace(h.traceIdOf("pipeline"), 4);
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
      h.fake.url,
      `${h.app.url}/v1/otel`,
      basic(h.app.admin),
    ]);
    const traceId = out.trim().split("\n").at(-1)!;
    const t = await h.readTrace(traceId, 4);
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
    const res = await h.app.call("POST", "/v1/otel/v1/logs", {
      body: {
        resourceLogs: [
          {
            scopeLogs: [
              {
                logRecords: [
                  record({ "event.name": "gen_ai.user.message" }, "b7ad6b7169203331"),
                  record({ "event.name": "h.app.started" }, "b7ad6b7169203331"),
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
    const bad = await h.app.call("POST", "/v1/otel/v1/logs", { body: { resourceLogs: "nope" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^OTLP request is not an ExportLogsServiceRequest at resourceLogs/);
  });
});

describe("Logfire and pydantic-ai", () => {
  it("Logfire's JS SDK: the formatted message names the observation, level_num sets the level, a log is an event", async () => {
    await logfire.span("handle {route}", { route: "/ask" }, {}, async () => {
      logfire.error("tool {name} failed", { name: "search" });
    });
    const t = await h.readTrace(h.traceIdOf("handle {route}"), 2);
    expect(t.name).toBe("handle /ask");
    expect(byName(t, "tool search failed")[0]).toMatchObject({ type: "EVENT", level: "ERROR" });
  });

  it("pydantic-ai's agent, model request and tool spans: messages, final result and tool I/O; the agent's token totals are not priced again", async () => {
    // pydantic-ai is a Python package: its spans are sent here with the attributes it writes (docs/integrations.md).
    const tracer = h.provider.getTracer("pydantic-ai", "1.0.0");
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

    const t = await h.readTrace(agent.spanContext().traceId, 3);
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
