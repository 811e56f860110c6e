import { embed, generateObject, generateText, stepCountIs, streamText, tool } from "ai";
import { MockEmbeddingModelV3, MockLanguageModelV3, simulateReadableStream } from "ai/test";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { byName, instrumentedApp } from "../../support/instrumented-app";

/*
 * The Vercel AI SDK, driven by its real package and exported by the official OTLP exporter, reads back as a trace
 * with input, output, model, usage and cost (docs/integrations.md). The other families:
 * instrumentations-otel.test.ts.
 */

const h = instrumentedApp();

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

    const t = await h.readTrace(h.traceIdOf("ai.generateText"), 4);
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

    const t = await h.readTrace(h.traceIdOf("ai.streamText"), 2);
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
    const o = await h.readTrace(h.traceIdOf("ai.generateObject"), 2);
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
    const e = await h.readTrace(h.traceIdOf("ai.embed"), 2);
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
    await h.app.call("PUT", "/v1/pii-policy", { body: { enabled: true, builtins: ["email"], custom: [] } });
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
      const traceId = h.traceIdOf("ai.generateText");
      const t = await h.readTrace(traceId, 2);
      const [gen] = byName(t, "ai.generateText.doGenerate");
      expect(gen.input).toEqual([{ role: "user", content: [{ type: "text", text: "Write to [REDACTED:email]" }] }]);
      expect(gen.output).toBe(`Dear [REDACTED:email], ${"y".repeat(300 * 1024)}`);
      expect((await h.app.deps.blobs.list("payloads/")).some((k) => k.includes(traceId))).toBe(true);
    } finally {
      await h.app.call("PUT", "/v1/pii-policy", { body: { enabled: false, builtins: [], custom: [] } });
    }
  });
});
