import { randomUUID } from "node:crypto";
import { outboxEvents } from "@core/audit/audit.sql";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeProviders, promptOf } from "../../support/fake-providers";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";

const json = (value: unknown) => JSON.stringify(value);

describe("judge evaluators through the official openai and @anthropic-ai/sdk clients", () => {
  let app: TestApp;
  let fake: FakeProviders;
  const traceId = `trace-${randomUUID()}`;

  async function evaluator(body: Record<string, unknown>) {
    const name = `judge-${randomUUID().slice(0, 8)}`;
    const res = await app.call("POST", "/v1/evaluators", { body: { name, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return name;
  }
  const run = (name: string, body: Record<string, unknown> = {}) =>
    app.call("POST", `/v1/evaluators/${name}/run`, { body: { traceId, ...body } });

  beforeAll(async () => {
    fake = await new FakeProviders().start();
    app = await startTestApp();
    expect(
      (
        await app.call("PUT", "/v1/providers/openai", {
          body: { apiKey: "sk-openai-secret", baseUrl: `${fake.url}/v1` },
        })
      ).status,
    ).toBe(200);
    expect(
      (await app.call("PUT", "/v1/providers/anthropic", { body: { apiKey: "sk-ant-secret", baseUrl: fake.url } }))
        .status,
    ).toBe(200);
    await ingest(app, [
      ev("trace-create", {
        id: traceId,
        name: "qa",
        input: { question: "What is the capital of France?" },
        output: "Paris",
        metadata: { lang: "en" },
      }),
      ev("span-create", {
        id: `${traceId}-r`,
        traceId,
        name: "retrieval",
        output: { documents: ["Paris is the capital of France."] },
      }),
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.stop();
  });
  beforeEach(() => fake.reset());

  it("scores a valid NUMERIC answer, substitutes the mapped variables and records usage and cost on the trace", async () => {
    const name = await evaluator({
      prompt: "Question: {{question}}\nAnswer: {{answer}}\nContext: {{context}}",
      provider: "openai",
      model: "gpt-4o-mini",
      variableMapping: [
        { variable: "question", source: "trace.input", jsonPath: "question" },
        { variable: "answer", source: "trace.output" },
        { variable: "context", source: "observation.output", observationName: "retrieval", jsonPath: "documents.0" },
      ],
    });
    fake.script = [
      { text: json({ score: 0.8, reasoning: "Correct and grounded." }), usage: { input: 1000, output: 50 } },
    ];

    const res = await run(name);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      score: {
        id: expect.any(String),
        name,
        value: 0.8,
        stringValue: null,
        dataType: "NUMERIC",
        source: "EVAL",
        comment: "Correct and grounded.",
      },
    });
    const [request] = fake.requests;
    expect(request!.path).toBe("/v1/chat/completions");
    expect(request!.headers.authorization).toBe("Bearer sk-openai-secret");
    expect(request!.body.response_format).toEqual({ type: "json_object" });
    expect(promptOf(request!)).toBe(
      "Question: What is the capital of France?\nAnswer: Paris\nContext: Paris is the capital of France.",
    );
    const trace = (await app.call("GET", `/v1/traces/${traceId}`)).body;
    const score = trace.scores.find((s: any) => s.id === res.body.score.id);
    expect(score).toMatchObject({
      name,
      value: 0.8,
      source: "EVAL",
      dataType: "NUMERIC",
      comment: "Correct and grounded.",
    });
    expect(score.metadata.judge.usage).toEqual({ input: 1000, output: 50, total: 1050 });
    expect(score.metadata.judge.costUsd).toBeCloseTo(1000 * 0.15e-6 + 50 * 0.6e-6, 12);
    expect(score.metadata.judge.votes).toHaveLength(1);
  });

  it("overwrites its score on a re-run (deterministic id) and appends eval.completed each time", async () => {
    const name = await evaluator({ prompt: "Rate {{output}}", provider: "openai", model: "gpt-4o-mini" });
    fake.script = [
      { text: json({ score: 0.2, reasoning: "first" }) },
      { text: json({ score: 0.9, reasoning: "second" }) },
    ];

    const first = await run(name);
    const second = await run(name);

    expect(second.body.score.id).toBe(first.body.score.id);
    const scores = (await app.call("GET", `/v1/traces/${traceId}`)).body.scores.filter((s: any) => s.name === name);
    expect(scores).toHaveLength(1);
    expect(scores[0]).toMatchObject({ value: 0.9, comment: "second" });
    const events = await app.deps.db.select().from(outboxEvents).where(eq(outboxEvents.type, "eval.completed"));
    const mine = events.filter((e) => (e.payload as any).evaluator === name);
    expect(mine).toHaveLength(2);
    expect(mine[1]!.payload).toMatchObject({
      traceId,
      score: { id: first.body.score.id, name, value: 0.9, source: "EVAL" },
    });
  });

  it("retries a malformed answer once with a correction (anthropic)", async () => {
    const name = await evaluator({
      prompt: "Rate {{output}}",
      provider: "anthropic",
      model: "claude-3-5-haiku-20241022",
    });
    fake.script = [{ text: "I think it is fine." }, { text: json({ score: 0.4, reasoning: "Acceptable." }) }];

    const res = await run(name);

    expect(res.status).toBe(200);
    expect(res.body.score).toMatchObject({ value: 0.4, comment: "Acceptable." });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]!.path).toBe("/v1/messages");
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer sk-ant-secret");
    expect(fake.requests[0]!.body.system).toContain("single JSON object");
    const retry = fake.requests[1]!.body.messages;
    expect(retry.at(-2)).toEqual({ role: "assistant", content: "I think it is fine." });
    expect(retry.at(-1).content).toContain("Your answer was rejected: the answer is not valid JSON");
  });

  it("fails visibly after a second malformed answer and writes no score", async () => {
    const name = await evaluator({ prompt: "Rate {{output}}", provider: "openai", model: "gpt-4o-mini" });
    fake.script = [{ text: "nope" }, { text: json({ score: 7, reasoning: "out of range" }) }];

    const res = await run(name);

    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: "unprocessable",
      message: 'Judge answer unusable after one retry: "score" must be a number from 0 to 1, got 7',
    });
    expect(res.body.error.details.votes[0].rejected).toHaveLength(2);
    const scores = (await app.call("GET", `/v1/traces/${traceId}`)).body.scores.filter((s: any) => s.name === name);
    expect(scores).toEqual([]);
  });

  it("rejects a label off scoreCategories, notes it in the reasoning and never records it", async () => {
    const name = await evaluator({
      prompt: "Classify {{output}}",
      provider: "openai",
      model: "gpt-4o-mini",
      scoreDataType: "CATEGORICAL",
      scoreCategories: ["correct", "incorrect"],
    });
    fake.script = [
      { text: json({ label: "excellent", reasoning: "r1" }) },
      { text: json({ label: "Correct", reasoning: "Matches." }) },
    ];

    const res = await run(name);

    expect(res.status).toBe(200);
    expect(res.body.score).toMatchObject({ value: null, stringValue: "correct", dataType: "CATEGORICAL" });
    expect(res.body.score.comment).toBe(
      'Rejected label "excellent" is not one of the allowed labels: "correct", "incorrect". Matches.',
    );
    expect(fake.requests[0]!.body.messages[0].content).toContain('exactly one of "correct", "incorrect"');

    fake.script = [
      { text: json({ label: "excellent", reasoning: "r1" }) },
      { text: json({ label: "superb", reasoning: "r2" }) },
    ];
    const refused = await run(name);

    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      'Judge answer unusable after one retry: label "superb" is not one of the allowed labels: "correct", "incorrect"',
    );
    const stored = (await app.call("GET", `/v1/traces/${traceId}`)).body.scores.filter((s: any) => s.name === name);
    expect(stored.map((s: any) => s.stringValue)).toEqual(["correct"]);
  });

  it("honours retry-after on a 429 and then succeeds", async () => {
    const name = await evaluator({
      prompt: "Rate {{output}}",
      provider: "openai",
      model: "gpt-4o-mini",
      scoreDataType: "BOOLEAN",
    });
    fake.script = [
      { status: 429, headers: { "retry-after": "1" } },
      { text: json({ pass: true, reasoning: "Fine." }) },
    ];

    const res = await run(name);

    expect(res.status).toBe(200);
    expect(res.body.score).toMatchObject({ value: 1, stringValue: "True", dataType: "BOOLEAN" });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("drops a juror that errors, averages the others and keeps every vote", async () => {
    const name = await evaluator({
      prompt: "Rate {{output}}",
      jurors: [
        { provider: "openai", model: "gpt-4o-mini" },
        { provider: "anthropic", model: "claude-3-5-haiku-20241022" },
        { provider: "openai", model: "gpt-4o" },
      ],
    });
    fake.fallback = (r) =>
      r.path.startsWith("/v1/messages")
        ? { status: 500, headers: { "retry-after": "0" } }
        : { text: json({ score: r.body.model === "gpt-4o" ? 1 : 0.5, reasoning: `by ${r.body.model}` }) };

    const res = await run(name);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.score.value).toBe(0.75);
    expect(res.body.score.comment.split("\n")[0]).toBe("Jury: 2 of 3 jurors voted; mean 0.75.");
    expect(fake.requests.filter((r) => r.path === "/v1/messages")).toHaveLength(3);
    const prompts = new Set(fake.requests.map(promptOf));
    expect(prompts.size).toBe(1);
    const score = (await app.call("GET", `/v1/traces/${traceId}`)).body.scores.find((s: any) => s.name === name);
    expect(score.metadata.judge.votes.map((v: any) => [v.provider, v.model, v.status, v.value])).toEqual([
      ["openai", "gpt-4o-mini", "ok", 0.5],
      ["anthropic", "claude-3-5-haiku-20241022", "failed", null],
      ["openai", "gpt-4o", "ok", 1],
    ]);
    expect(score.metadata.judge.votes[1].error).toContain("anthropic answered 500");
  });

  it("fails the evaluation only when every juror fails", async () => {
    const name = await evaluator({
      prompt: "Rate {{output}}",
      jurors: [
        { provider: "openai", model: "gpt-4o-mini" },
        { provider: "anthropic", model: "claude-3-5-haiku-20241022" },
      ],
    });
    fake.fallback = () => ({ status: 503, headers: { "retry-after": "0" } });

    const res = await run(name);

    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("unavailable");
    expect(res.body.error.message).toMatch(
      /^Every juror failed: openai\/gpt-4o-mini: openai answered 503.*; anthropic\/claude-3-5-haiku-20241022: anthropic answered 503/,
    );
    expect(fake.requests).toHaveLength(6);
  });

  it("answers 422 naming the missing credentials of a provider", async () => {
    const other = (await app.call("POST", "/v1/projects", { body: { name: `p-${randomUUID().slice(0, 6)}` } })).body;
    const key = { publicKey: other.publicKey, secretKey: other.secretKey };
    await app.call("POST", "/v1/evaluators", {
      key,
      body: { name: "needs-key", prompt: "Rate {{output}}", provider: "openai", model: "gpt-4o-mini" },
    });

    const res = await app.call("POST", "/v1/evaluators/needs-key/run", {
      key,
      body: { traceId: "t-elsewhere", output: "x" },
    });

    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      'No credentials for provider "openai" in this project: PUT /v1/providers/openai',
    );
    expect(fake.requests).toHaveLength(0);
  });
});
