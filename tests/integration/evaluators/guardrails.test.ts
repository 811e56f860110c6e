import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeProviders } from "../../support/fake-providers";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";

/** POST /v1/guardrails/check (docs/evaluators.md, "Guardrails"). */
describe("runtime guardrails", () => {
  let app: TestApp;
  let fake: FakeProviders;
  const uniq = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
  const create = async (body: Record<string, unknown>) => {
    const name = uniq("guard");
    const res = await app.call("POST", "/v1/evaluators", { body: { name, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return name;
  };
  const check = (body: Record<string, unknown>) => app.call("POST", "/v1/guardrails/check", { body });

  beforeAll(async () => {
    fake = await new FakeProviders().start();
    app = await startTestApp({ SIGHTLINE_LLM_MAX_RETRIES: "0" });
    await app.call("PUT", "/v1/providers/openai", { body: { apiKey: "sk-guard", baseUrl: `${fake.url}/v1` } });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.stop();
  });

  it("passes and fails on each evaluator's threshold, code inline and a judge through its provider", async () => {
    const short = await create({ kind: "CODE", expression: "len(output) < 20", guardrail: { threshold: 1 } });
    const polite = await create({
      prompt: "Is {{output}} polite?",
      provider: "openai",
      model: "gpt-4o-mini",
      guardrail: { threshold: 0.7 },
    });
    fake.fallback = () => ({ text: JSON.stringify({ score: 0.9, reasoning: "polite" }) });
    const ok = await check({ evaluators: [short, polite], input: "hi", output: "Hello, friend." });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      passed: true,
      results: [
        { evaluator: short, score: 1, threshold: 1, passed: true, skipped: false, reason: null },
        { evaluator: polite, score: 0.9, threshold: 0.7, passed: true, skipped: false, reason: null },
      ],
    });

    fake.fallback = () => ({ text: JSON.stringify({ score: 0.2, reasoning: "rude" }) });
    const bad = await check({ evaluators: [short, polite], output: "Go away, you are the worst person I ever met." });
    expect(bad.body.passed).toBe(false);
    expect(bad.body.results).toEqual([
      {
        evaluator: short,
        score: 0,
        threshold: 1,
        passed: false,
        skipped: false,
        reason: "score 0 is below the threshold 1",
      },
      {
        evaluator: polite,
        score: 0.2,
        threshold: 0.7,
        passed: false,
        skipped: false,
        reason: "score 0.2 is below the threshold 0.7",
      },
    ]);
  });

  it("skips a CATEGORICAL evaluator with the reason, never an error", async () => {
    const tone = await create({
      prompt: "Tone of {{output}}?",
      provider: "mock",
      model: "m",
      scoreDataType: "CATEGORICAL",
      scoreCategories: ["calm", "angry"],
      guardrail: { threshold: 0.5 },
    });
    const res = await check({ evaluators: [tone], output: "fine" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      passed: true,
      results: [
        {
          evaluator: tone,
          score: null,
          threshold: 0.5,
          passed: true,
          skipped: true,
          reason: "a CATEGORICAL score has no threshold to meet",
        },
      ],
    });
  });

  it("with a trace, writes the EVAL scores and logs the executions", async () => {
    const short = await create({
      kind: "CODE",
      expression: "len(output) < 20",
      guardrail: { threshold: 1 },
      scoreName: "short-enough",
    });
    const traceId = randomUUID();
    await ingest(app, [ev("trace-create", { id: traceId, name: "chat" })]);
    const res = await check({ evaluators: [short], output: "tiny", traceId });
    expect(res.body.passed).toBe(true);
    const trace = (await app.call("GET", `/v1/traces/${traceId}`)).body;
    expect(trace.scores).toEqual([expect.objectContaining({ name: "short-enough", source: "EVAL", value: 1 })]);
    const log = (await app.call("GET", `/v1/evaluators/${short}/executions?trigger=guardrail`)).body.data;
    expect(log).toEqual([expect.objectContaining({ trigger: "guardrail", status: "completed", target: { traceId } })]);
  });

  it("refuses an evaluator that is not a guardrail, an unknown one, and a bad body, changing nothing", async () => {
    const plain = await create({ kind: "CODE", expression: "1" });
    const notGuard = await check({ evaluators: [plain], output: "x" });
    expect(notGuard.status).toBe(400);
    expect(notGuard.body.error.message).toBe(`Evaluator '${plain}' is not a guardrail: give it guardrail.threshold`);
    expect((await check({ evaluators: ["nope"], output: "x" })).status).toBe(404);
    expect((await check({ evaluators: [], output: "x" })).status).toBe(400);
    const badThreshold = await app.call("POST", "/v1/evaluators", {
      body: { name: uniq("bad"), kind: "CODE", expression: "1", guardrail: { threshold: 2 } },
    });
    expect(badThreshold.status).toBe(400);
    const thread = await app.call("POST", "/v1/evaluators", {
      body: {
        name: uniq("thread"),
        prompt: "p",
        provider: "mock",
        model: "m",
        scope: "thread",
        guardrail: { threshold: 0.5 },
      },
    });
    expect(thread.status).toBe(400);
  });
});
