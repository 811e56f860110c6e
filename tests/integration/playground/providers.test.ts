import { guardedFetch } from "@core/adapters/http/guarded-fetch";
import { createLlmProviders } from "@core/adapters/llm";
import { LlmCallError, type LlmStreamEvent } from "@core/platform/ports";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeLlmStreams } from "../../support/fake-llm-streams";

// The providers' `stream()` straight through the port (docs/playground.md, "Providers"): the official SDKs against
// a loopback fake, the outbound address policy, and the mock's deterministic stream.

const collect = async (events: AsyncIterable<LlmStreamEvent>) => {
  const all: LlmStreamEvent[] = [];
  for await (const e of events) all.push(e);
  return all;
};
const hello = [{ role: "user" as const, content: "hi" }];

let fake: FakeLlmStreams;
beforeAll(async () => {
  fake = await new FakeLlmStreams().start();
});
afterAll(() => fake?.stop());
beforeEach(() => fake.reset());

describe("streaming providers", () => {
  it("refuses an openai-compatible server on a loopback address where the policy forbids private addresses, before any byte is sent", async () => {
    const providers = createLlmProviders(guardedFetch({ allowPrivate: false, maxResponseBytes: 1 << 20 }), {
      maxRetries: 0,
    });

    const failure = await providers
      .get("openai-compatible", { apiKey: "", baseUrl: `${fake.url}/v1` })
      .stream({ model: "llama", messages: hello })
      .then(
        () => null,
        (e: unknown) => e,
      );

    expect(failure).toBeInstanceOf(LlmCallError);
    expect(failure).toMatchObject({ kind: "refused" });
    expect((failure as Error).message).toContain(
      "openai-compatible: 127.0.0.1 is an address the outbound address policy refuses",
    );
    expect(fake.requests).toHaveLength(0);
  });

  it("sends an assistant's tool calls and the tool's answer back to OpenAI in its own shape", async () => {
    const providers = createLlmProviders(guardedFetch({ allowPrivate: true, maxResponseBytes: 1 << 20 }));
    const messages = [
      ...hello,
      { role: "assistant" as const, content: "", toolCalls: [{ id: "c1", name: "lookup", arguments: '{"q":"x"}' }] },
      { role: "tool" as const, content: "found", toolCallId: "c1" },
    ];

    await collect(
      await providers
        .get("openai", { apiKey: "k", baseUrl: `${fake.url}/v1` })
        .stream({ model: "gpt-4o-mini", messages }),
    );

    expect(fake.requests[0]!.body.messages).toEqual([
      { role: "user", content: "hi" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", type: "function", function: { name: "lookup", arguments: '{"q":"x"}' } }],
      },
      { role: "tool", tool_call_id: "c1", content: "found" },
    ]);
  });

  it("sends them to Anthropic as tool_use and tool_result blocks", async () => {
    const providers = createLlmProviders(guardedFetch({ allowPrivate: true, maxResponseBytes: 1 << 20 }));
    const messages = [
      ...hello,
      {
        role: "assistant" as const,
        content: "Looking",
        toolCalls: [{ id: "t1", name: "lookup", arguments: '{"q":"x"}' }],
      },
      { role: "tool" as const, content: "found", toolCallId: "t1" },
    ];

    await collect(
      await providers
        .get("anthropic", { apiKey: "k", baseUrl: fake.url })
        .stream({ model: "claude-3-5-haiku-20241022", messages }),
    );

    expect(fake.requests[0]!.body.messages).toEqual([
      { role: "user", content: "hi" },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Looking" },
          { type: "tool_use", id: "t1", name: "lookup", input: { q: "x" } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "found" }] },
    ]);
  });

  it("streams the mock word by word, calls a forced tool with arguments of its schema, and answers structured output of the schema", async () => {
    const mock = createLlmProviders(globalThis.fetch).get("mock", null);
    const tool = {
      name: "score",
      parameters: {
        type: "object",
        properties: {
          value: { type: "number", minimum: 0, maximum: 1 },
          label: { type: "string", enum: ["good", "bad"] },
        },
      },
    };

    const text = await collect(await mock.stream({ model: "m", messages: hello }));
    const called = await collect(
      await mock.stream({ model: "m", messages: hello, tools: [tool], toolChoice: { name: "score" } }),
    );
    const structured = await collect(
      await mock.stream({
        model: "m",
        messages: hello,
        responseFormat: { type: "json_schema", name: "r", schema: tool.parameters },
      }),
    );

    expect(text.filter((e) => e.type === "text").length).toBe(3);
    expect(text.at(-1)).toMatchObject({ type: "done", model: "m", finishReason: "stop" });
    const call = called.find((e) => e.type === "tool_call")!;
    expect(call).toMatchObject({ index: 0, name: "score" });
    const args = JSON.parse((call as { arguments: string }).arguments);
    expect(args.value).toBeGreaterThanOrEqual(0);
    expect(["good", "bad"]).toContain(args.label);
    expect(called.at(-1)).toMatchObject({ type: "done", finishReason: "tool_calls" });
    const json = JSON.parse(
      structured
        .filter((e) => e.type === "text")
        .map((e) => (e as { text: string }).text)
        .join(""),
    );
    expect(Object.keys(json).sort()).toEqual(["label", "value"]);
  });
});
