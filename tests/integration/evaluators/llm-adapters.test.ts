import { guardedFetch } from "@core/adapters/http/guarded-fetch";
import { anthropicConnector } from "@core/adapters/llm/anthropic";
import { openAiConnector } from "@core/adapters/llm/openai";
import type { LlmCallError } from "@core/platform/ports";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeProviders } from "../../support/fake-providers";

const request = {
  model: "gpt-4o-mini",
  messages: [
    { role: "system" as const, content: "sys" },
    { role: "user" as const, content: "hi" },
  ],
  temperature: 0,
  responseFormat: { type: "json" as const },
};

// The SDKs call out through the policy-checking fetch, as in both runtimes (loopback allowed, as locally).
const viaPolicy = guardedFetch({ allowPrivate: true, maxResponseBytes: 1 << 20 });

describe("the openai and anthropic adapters, one attempt each, against loopback fakes", () => {
  let fake: FakeProviders;
  beforeAll(async () => {
    fake = await new FakeProviders().start();
  });
  afterAll(() => fake?.stop());
  beforeEach(() => fake.reset());

  it("maps the answer and the usage of both APIs", async () => {
    fake.script = [
      { text: "one", usage: { input: 7, output: 3 } },
      { text: "two", usage: { input: 5, output: 2 } },
    ];

    const openai = await openAiConnector({ apiKey: "k", baseUrl: `${fake.url}/v1` }, viaPolicy)(request, {
      timeoutMs: 5000,
    });
    const anthropic = await anthropicConnector({ apiKey: "k", baseUrl: fake.url }, viaPolicy)(
      { ...request, model: "claude-3-5-haiku-20241022" },
      { timeoutMs: 5000 },
    );

    expect(openai).toEqual({ text: "one", usage: { input: 7, output: 3 }, model: "gpt-4o-mini" });
    expect(anthropic).toEqual({ text: "two", usage: { input: 5, output: 2 }, model: "claude-3-5-haiku-20241022" });
    expect(fake.requests[0]!.body).toMatchObject({
      temperature: 0,
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: "sys" },
        { role: "user", content: "hi" },
      ],
    });
    expect(fake.requests[1]!.body).toMatchObject({
      system: "sys",
      max_tokens: 1024,
      messages: [{ role: "user", content: "hi" }],
    });
  });

  it("leaves temperature out for OpenAI reasoning models", async () => {
    await openAiConnector({ apiKey: "k", baseUrl: `${fake.url}/v1` }, viaPolicy)(
      { ...request, model: "o3-mini" },
      { timeoutMs: 5000 },
    );

    expect(fake.requests[0]!.body.temperature).toBeUndefined();
  });

  it("turns statuses, retry-after and time-outs into LlmCallErrors", async () => {
    fake.script = [
      { status: 429, headers: { "retry-after": "3" } },
      { status: 529, headers: { "retry-after-ms": "40" } },
      { status: 401 },
      { text: "late", delayMs: 1000 },
    ];
    const openai = openAiConnector({ apiKey: "k", baseUrl: `${fake.url}/v1` }, viaPolicy);
    const anthropic = anthropicConnector({ apiKey: "k", baseUrl: fake.url }, viaPolicy);
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e as LlmCallError,
      );

    const limited = await failure(openai(request, { timeoutMs: 5000 }));
    const overloaded = await failure(anthropic(request, { timeoutMs: 5000 }));
    const refused = await failure(openai(request, { timeoutMs: 5000 }));
    const slow = await failure(anthropic(request, { timeoutMs: 200 }));

    expect(limited).toMatchObject({ kind: "rate_limited", status: 429, retryAfterMs: 3000 });
    expect(overloaded).toMatchObject({ kind: "server", status: 529, retryAfterMs: 40 });
    expect(refused).toMatchObject({ kind: "refused", status: 401 });
    expect(slow).toMatchObject({ kind: "timeout" });
    expect(slow!.transient).toBe(true);
  });
});
