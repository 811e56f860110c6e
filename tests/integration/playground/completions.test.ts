import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeLlmStreams } from "../../support/fake-llm-streams";
import { basic, startTestApp, type TestApp } from "../../support/local-app";
import { complete, parseSse, textOf } from "./support";

// The playground end to end on `npm start`'s runtime: the official SDK adapters against loopback fakes (docs/playground.md).
let app: TestApp;
let fake: FakeLlmStreams;
const KEY = "sk-playground-secret-1234";

beforeAll(async () => {
  fake = await new FakeLlmStreams().start();
  // One attempt per call: a 5xx answers at once instead of after the retry backoff.
  app = await startTestApp({ SIGHTLINE_LLM_MAX_RETRIES: "0" });
  expect(
    (await app.call("PUT", "/v1/providers/openai", { body: { apiKey: KEY, baseUrl: `${fake.url}/v1` } })).status,
  ).toBe(200);
  expect((await app.call("PUT", "/v1/providers/anthropic", { body: { apiKey: KEY, baseUrl: fake.url } })).status).toBe(
    200,
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
  await fake?.stop();
});
beforeEach(() => fake.reset());

const hello = [{ role: "user", content: "Say hello" }];

describe("streaming through the official SDKs", () => {
  it("streams OpenAI's deltas in order, then usage, cost from the price registry and latency", async () => {
    fake.script = [
      { text: ["Hel", "lo", " there"], usage: { input: 1000, output: 500 }, model: "gpt-4o-mini-2024-07-18" },
    ];

    const res = await complete(app, {
      provider: "openai",
      model: "gpt-4o-mini",
      messages: hello,
      parameters: { temperature: 0.3, maxTokens: 64, topP: 0.9 },
    });

    expect(res.status).toBe(200);
    expect(res.type).toBe("text/event-stream; charset=utf-8");
    expect(res.events.map((e) => e.event)).toEqual(["start", "delta", "delta", "delta", "done"]);
    expect(textOf(res.events)).toBe("Hello there");
    const done = res.events.at(-1)!.data;
    expect(done).toMatchObject({
      model: "gpt-4o-mini-2024-07-18",
      finishReason: "stop",
      output: { text: "Hello there", toolCalls: [] },
      usage: { input: 1000, output: 500, total: 1500 },
    });
    expect(done.costUsd).toBeGreaterThan(0);
    expect(done.latency.totalMs).toBeGreaterThanOrEqual(done.latency.timeToFirstTokenMs);
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(fake.requests[0]!.body).toMatchObject({
      model: "gpt-4o-mini",
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.3,
      max_completion_tokens: 64,
      top_p: 0.9,
      messages: hello,
    });
  });

  it("streams each event as the provider sends it: the first delta arrives while the provider still holds the rest", async () => {
    fake.script = [{ text: ["first", " second"], holdAfter: 1, usage: { input: 3, output: 2 } }];
    const res = await fetch(`${app.url}/v1/playground/completions`, {
      method: "POST",
      headers: { authorization: basic(app.admin), "content-type": "application/json" },
      body: JSON.stringify({ provider: "openai", model: "gpt-4o-mini", messages: hello }),
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = "";

    while (!seen.includes("event: delta")) seen += (await reader.read()).value ?? "";
    const heldWhileDeltaArrived = fake.holding;
    fake.release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) seen += chunk.value;

    expect(heldWhileDeltaArrived).toBe(true);
    expect(textOf(parseSse(seen))).toBe("first second");
    expect(parseSse(seen).at(-1)!.event).toBe("done");
  });

  it("prices with the project's own price first", async () => {
    await app.call("POST", "/v1/model-prices", {
      body: { modelName: "house-model", matchPattern: "^house-model$", prices: { input: 0.001, output: 0.002 } },
    });
    fake.script = [{ text: ["ok"], usage: { input: 10, output: 5 } }];

    const res = await complete(app, { provider: "openai", model: "house-model", messages: hello });

    expect(res.events.at(-1)!.data.costUsd).toBeCloseTo(10 * 0.001 + 5 * 0.002, 9);
  });

  it("sends tools and the tool choice, streams the call's deltas and assembles it in done", async () => {
    fake.script = [
      {
        toolCalls: [{ id: "call_1", name: "get_weather", arguments: ['{"city":', '"Paris"}'] }],
        usage: { input: 20, output: 8 },
      },
    ];
    const tools = [
      {
        name: "get_weather",
        description: "Weather of a city",
        parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      },
    ];

    const res = await complete(app, {
      provider: "openai",
      model: "gpt-4o-mini",
      messages: hello,
      tools,
      toolChoice: { name: "get_weather" },
    });

    expect(fake.requests[0]!.body).toMatchObject({
      tools: [{ type: "function", function: tools[0] }],
      tool_choice: { type: "function", function: { name: "get_weather" } },
    });
    expect(res.events.filter((e) => e.event === "tool_call").map((e) => e.data)).toEqual([
      { index: 0, id: "call_1", name: "get_weather", arguments: "" },
      { index: 0, arguments: '{"city":' },
      { index: 0, arguments: '"Paris"}' },
    ]);
    expect(res.events.at(-1)!.data).toMatchObject({
      finishReason: "tool_calls",
      output: { text: "", toolCalls: [{ id: "call_1", name: "get_weather", arguments: '{"city":"Paris"}' }] },
    });
  });

  it("asks OpenAI for structured output with the JSON schema", async () => {
    fake.script = [{ text: ['{"answer":', '"yes"}'], usage: { input: 5, output: 3 } }];
    const schema = {
      type: "object",
      properties: { answer: { type: "string" } },
      required: ["answer"],
      additionalProperties: false,
    };

    const res = await complete(app, {
      provider: "openai",
      model: "gpt-4o-mini",
      messages: hello,
      responseFormat: { type: "json_schema", name: "verdict", schema },
    });

    expect(fake.requests[0]!.body.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "verdict", schema, strict: true },
    });
    expect(JSON.parse(res.events.at(-1)!.data.output.text)).toEqual({ answer: "yes" });
  });

  it("streams Anthropic's text and tool use, with the system prompt, structured output and its usage", async () => {
    fake.script = [
      {
        text: ["Let me", " check."],
        toolCalls: [{ id: "toolu_1", name: "lookup", arguments: ['{"q":', '"x"}'] }],
        usage: { input: 30, output: 12 },
      },
    ];
    const schema = { type: "object", properties: { q: { type: "string" } } };

    const res = await complete(app, {
      provider: "anthropic",
      model: "claude-3-5-haiku-20241022",
      messages: [{ role: "system", content: "Be brief" }, ...hello],
      tools: [{ name: "lookup", parameters: schema }],
      toolChoice: "required",
      responseFormat: { type: "json_schema", schema },
    });

    expect(fake.requests[0]!.body).toMatchObject({
      system: "Be brief",
      stream: true,
      messages: hello,
      tools: [{ name: "lookup", input_schema: schema }],
      tool_choice: { type: "any" },
      output_config: { format: { type: "json_schema", schema } },
    });
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(textOf(res.events)).toBe("Let me check.");
    expect(res.events.at(-1)!.data).toMatchObject({
      model: "claude-3-5-haiku-20241022",
      finishReason: "tool_use",
      usage: { input: 30, output: 12, total: 42 },
      output: { toolCalls: [{ id: "toolu_1", name: "lookup", arguments: '{"q":"x"}' }] },
    });
  });

  it("reaches an OpenAI-compatible server at its base URL, with no key", async () => {
    expect(
      (await app.call("PUT", "/v1/providers/openai-compatible", { body: { baseUrl: `${fake.url}/v1` } })).status,
    ).toBe(200);
    fake.script = [{ text: ["local"], usage: { input: 2, output: 1 } }];

    const res = await complete(app, {
      provider: "openai-compatible",
      model: "llama3.1:8b",
      messages: hello,
      parameters: { maxTokens: 32 },
    });

    expect(textOf(res.events)).toBe("local");
    expect(fake.requests[0]!.body).toMatchObject({ model: "llama3.1:8b", max_tokens: 32 });
  });

  it("refuses openai-compatible credentials without a base URL", async () => {
    const res = await app.call("PUT", "/v1/providers/openai-compatible", { body: { apiKey: "k" } });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      "Invalid body.baseUrl: openai-compatible needs the server's base URL (ending in /v1)",
    );
  });

  it("streams the mock provider deterministically, with no credentials", async () => {
    const first = await complete(app, { provider: "mock", model: "mock-1", messages: hello });
    const second = await complete(app, { provider: "mock", model: "mock-1", messages: hello });

    expect(textOf(first.events)).toMatch(/^Mock answer [0-9a-f]{8}$/);
    expect(textOf(second.events)).toBe(textOf(first.events));
    expect(first.events.at(-1)!.data.usage).toEqual(second.events.at(-1)!.data.usage);
  });
});

describe("prompts compiled on the server", () => {
  beforeAll(async () => {
    const saved = await app.call("POST", "/v1/prompts", {
      body: {
        name: "greeter",
        type: "CHAT",
        labels: ["production"],
        content: [
          { role: "system", content: "You greet {{who}}." },
          { type: "placeholder", name: "history" },
          { role: "user", content: "Hi, I am {{who}}" },
        ],
      },
    });
    expect(saved.status).toBe(201);
    await app.call("POST", "/v1/prompts", {
      body: { name: "greeter", type: "TEXT", labels: ["staging"], content: "Plain {{who}}" },
    });
  });

  it("compiles a prompt by label with its variables and placeholders, and names it on start", async () => {
    const res = await complete(app, {
      provider: "openai",
      model: "gpt-4o-mini",
      prompt: {
        name: "greeter",
        label: "production",
        variables: { who: "Ada" },
        placeholders: { history: [{ role: "assistant", content: "Earlier" }] },
      },
    });

    expect(res.status).toBe(200);
    const messages = [
      { role: "system", content: "You greet Ada." },
      { role: "assistant", content: "Earlier" },
      { role: "user", content: "Hi, I am Ada" },
    ];
    expect(fake.requests[0]!.body.messages).toEqual(messages);
    expect(res.events[0]!.data).toMatchObject({ prompt: { name: "greeter", version: 1 }, messages });
  });

  it("compiles a version by number, a TEXT prompt as one user message, followed by the request's messages", async () => {
    await complete(app, {
      provider: "openai",
      model: "gpt-4o-mini",
      prompt: { name: "greeter", version: 2, variables: { who: "Bo" } },
      messages: [{ role: "assistant", content: "Noted" }],
    });

    expect(fake.requests[0]!.body.messages).toEqual([
      { role: "user", content: "Plain Bo" },
      { role: "assistant", content: "Noted" },
    ]);
  });

  it("answers 400 naming a variable the request leaves unbound, and calls no provider", async () => {
    const res = await complete(app, { provider: "openai", model: "gpt-4o-mini", prompt: { name: "greeter" } });

    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({
      code: "invalid_input",
      message: "Invalid body.prompt.variables: prompt 'greeter' version 1 uses {{who}}, which has no value",
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("answers 404 for an unknown prompt, version or label", async () => {
    const statuses = await Promise.all(
      [{ name: "nope" }, { name: "greeter", version: 9 }, { name: "greeter", label: "qa" }].map(
        async (prompt) => (await complete(app, { provider: "mock", model: "m", prompt })).status,
      ),
    );

    expect(statuses).toEqual([404, 404, 404]);
  });
});

describe("errors", () => {
  it("answers 400 before any byte when the provider has no credentials in this project", async () => {
    await app.call("DELETE", "/v1/providers/openai-compatible");

    const res = await complete(app, { provider: "openai-compatible", model: "x", messages: hello });

    expect(res.status).toBe(400);
    expect(res.error.message).toBe(
      'No credentials for provider "openai-compatible" in this project: PUT /v1/providers/openai-compatible',
    );
  });

  it("answers 422 with the provider's message when it refuses the key, and never shows the key", async () => {
    fake.script = [{ status: 401, message: `Incorrect API key provided: ${KEY}` }];

    const res = await complete(app, { provider: "openai", model: "gpt-4o-mini", messages: hello });

    expect(res.status).toBe(422);
    expect(res.error.code).toBe("unprocessable");
    expect(res.error.message).toBe("openai refused the request (401): 401 Incorrect API key provided: ***");
    expect(res.error.details).toEqual({ provider: { kind: "refused", status: 401 }, traceId: expect.any(String) });
    expect(JSON.stringify(res.error)).not.toContain(KEY);
  });

  it("answers 422 when the provider refuses the model", async () => {
    fake.script = [{ status: 404, message: "model: claude-nope" }];

    const res = await complete(app, { provider: "anthropic", model: "claude-nope", messages: hello });

    expect(res.status).toBe(422);
    expect(res.error.message).toBe("anthropic refused the request (404): 404 model: claude-nope");
  });

  it("answers 502 with the provider's message when the provider fails", async () => {
    fake.script = [{ status: 500, message: "upstream exploded" }];

    const res = await complete(app, { provider: "openai", model: "gpt-4o-mini", messages: hello });

    expect(res.status).toBe(502);
    expect(res.error).toMatchObject({ code: "provider_error", message: "openai answered 500: 500 upstream exploded" });
  });

  it("sends an error event when the provider fails after streaming began", async () => {
    fake.script = [{ text: ["one", "two", "three"], failAfter: 2, message: "overloaded mid-answer" }];

    const res = await complete(app, { provider: "openai", model: "gpt-4o-mini", messages: hello });

    expect(res.status).toBe(200);
    expect(res.events.map((e) => e.event)).toEqual(["start", "delta", "delta", "error"]);
    expect(res.events.at(-1)!.data).toEqual({
      code: "provider_error",
      message: "openai: overloaded mid-answer",
      traceId: res.events[0]!.data.traceId,
    });
  });

  it("keeps one project's prompts and credentials from another project's key", async () => {
    const other = (await app.call("POST", "/v1/projects", { body: { name: "playground-other" } })).body;

    const prompt = await complete(
      app,
      { provider: "mock", model: "m", prompt: { name: "greeter", variables: { who: "x" } } },
      other,
    );
    const credentials = await complete(app, { provider: "openai", model: "gpt-4o-mini", messages: hello }, other);

    expect(prompt.status).toBe(404);
    expect(credentials.status).toBe(400);
    expect(credentials.error.message).toBe(
      'No credentials for provider "openai" in this project: PUT /v1/providers/openai',
    );
    expect(fake.requests).toHaveLength(0);
  });

  it("answers 400 for a body with neither messages nor a prompt", async () => {
    const res = await complete(app, { provider: "openai", model: "gpt-4o-mini" });

    expect(res.status).toBe(400);
    expect(res.error.message).toBe("Invalid body: Give messages, a prompt, or both");
  });
});

describe("recording", () => {
  it("records the call as a trace in the environment sightline, with its generation, cost and prompt", async () => {
    fake.script = [{ text: ["Recorded"], usage: { input: 1000, output: 100 } }];
    const res = await complete(app, {
      provider: "openai",
      model: "gpt-4o-mini",
      prompt: { name: "greeter", variables: { who: "Cy" } },
      parameters: { temperature: 0 },
    });
    const traceId = res.events[0]!.data.traceId;

    await app.drainQueues();
    const trace = (await app.call("GET", `/v1/traces/${traceId}`)).body;

    expect(trace).toMatchObject({
      environment: "sightline",
      tags: ["sightline:playground"],
      name: "playground",
      output: "Recorded",
    });
    expect(trace.observations[0]).toMatchObject({
      type: "GENERATION",
      model: "gpt-4o-mini",
      name: "openai/gpt-4o-mini",
      promptName: "greeter",
      promptVersion: 1,
      modelParameters: { temperature: 0 },
      level: "DEFAULT",
    });
    expect(trace.observations[0].totalCost).toBeCloseTo(res.events.at(-1)!.data.costUsd, 9);
  });

  it("records a refused call at level ERROR with the provider's message, and names its trace in the error", async () => {
    fake.script = [{ status: 401, message: "bad key" }];

    const res = await complete(app, { provider: "openai", model: "gpt-4o-mini", messages: hello });
    await app.drainQueues();
    const trace = (await app.call("GET", `/v1/traces/${res.error.details.traceId}`)).body;

    expect(trace).toMatchObject({ environment: "sightline", tags: ["sightline:playground"] });
    expect(trace.observations[0]).toMatchObject({
      level: "ERROR",
      statusMessage: "openai refused the request (401): 401 bad key",
    });
  });
});
