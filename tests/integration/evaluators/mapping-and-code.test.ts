import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeProviders, promptOf } from "../../support/fake-providers";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";

describe("variable mapping, scoreName, code evaluators and the mock provider", () => {
  let app: TestApp;
  let fake: FakeProviders;
  const traceId = `trace-${randomUUID()}`;
  const spanId = `${traceId}-tool`;
  const uniq = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
  const create = async (body: Record<string, unknown>) => {
    const name = uniq("ev");
    const res = await app.call("POST", "/v1/evaluators", { body: { name, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return name;
  };
  const run = (name: string, body: Record<string, unknown> = {}) =>
    app.call("POST", `/v1/evaluators/${name}/run`, { body: { traceId, ...body } });

  beforeAll(async () => {
    fake = await new FakeProviders().start();
    fake.fallback = () => ({ text: JSON.stringify({ score: 1, reasoning: "ok" }) });
    app = await startTestApp();
    await app.call("PUT", "/v1/providers/openai", { body: { apiKey: "sk-map", baseUrl: `${fake.url}/v1` } });
    await ingest(app, [
      ev("trace-create", {
        id: traceId,
        name: "agent",
        input: { task: "book", items: [{ sku: "a1" }, { sku: "b2" }] },
        output: '{"answer": "booked", "steps": 3}',
        metadata: { tools: ["search", "book"] },
      }),
      ev("span-create", {
        id: spanId,
        traceId,
        name: "tool",
        input: { q: "flights" },
        output: { hits: 2 },
        metadata: { latency: 12 },
      }),
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.stop();
  });
  beforeEach(() => fake.reset());

  it("gives the judge exactly the mapped variables: dotted paths, array indexes, JSON text outputs, and null for what does not resolve", async () => {
    const name = await create({
      prompt:
        "sku={{sku}} answer={{answer}} tools={{tools}} hits={{hits}} missing={{missing}} noSpan={{noSpan}} expected={{expected}} unknown={{unknown}}",
      provider: "openai",
      model: "gpt-4o-mini",
      variableMapping: [
        { variable: "sku", source: "trace.input", jsonPath: "items.1.sku" },
        { variable: "answer", source: "trace.output", jsonPath: "answer" },
        { variable: "tools", source: "trace.metadata", jsonPath: "$.tools" },
        { variable: "hits", source: "observation.output", observationName: "tool", jsonPath: "hits" },
        { variable: "missing", source: "trace.input", jsonPath: "items.7.sku" },
        { variable: "noSpan", source: "observation.input", observationName: "no-such-span" },
        { variable: "expected", source: "dataset.expectedOutput" },
        { variable: "extra", source: "dataset.input" },
      ],
    });

    const res = await run(name, { expectedOutput: { answer: "booked" } });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(promptOf(fake.requests[0]!)).toBe(
      'sku=b2 answer=booked tools=["search","book"] hits=2 missing=null noSpan=null expected={"answer":"booked"} unknown={{unknown}}',
    );
  });

  it("keeps the built-in binding (input, output, expectedOutput) when the mapping is empty, appending what the prompt does not reference", async () => {
    const name = await create({ prompt: "Judge {{output}}", provider: "openai", model: "gpt-4o-mini" });

    await run(name, { expectedOutput: "booked" });

    expect(promptOf(fake.requests[0]!)).toBe(
      'Judge {"answer": "booked", "steps": 3}\n\nVariables:\n{"input":{"task":"book","items":[{"sku":"a1"},{"sku":"b2"}]},"expectedOutput":"booked"}',
    );
  });

  it("records under scoreName, so two evaluators write one score name", async () => {
    const a = await create({ prompt: "a {{output}}", provider: "mock", model: "mock-a", scoreName: "quality" });
    const b = await create({ kind: "CODE", expression: "len(output) > 3", scoreName: "quality" });

    const first = await run(a);
    const second = await run(b);

    expect(first.body.score.name).toBe("quality");
    expect(second.body.score.name).toBe("quality");
    expect(first.body.score.id).not.toBe(second.body.score.id);
    const scores = (await app.call("GET", `/v1/traces/${traceId}`)).body.scores.filter(
      (s: any) => s.name === "quality",
    );
    expect(scores.map((s: any) => s.metadata.evaluator.name).sort()).toEqual([a, b].sort());
  });

  it("runs CODE evaluators locally with input, output, expected, metadata and mapped variables", async () => {
    const name = await create({
      kind: "CODE",
      expression: 'jsonParse(output).answer == expected and metadata.tools[1] == "book" and firstSku == "a1"',
      scoreDataType: "BOOLEAN",
      variableMapping: [{ variable: "firstSku", source: "trace.input", jsonPath: "items.0.sku" }],
    });
    const graded = await create({ kind: "CODE", expression: "jsonParse(output).steps / 4" });
    const notAScore = await create({ kind: "CODE", expression: "jsonParse(output).steps" });

    const pass = await run(name, { expectedOutput: "booked" });
    const fail = await run(name, { expectedOutput: "cancelled" });
    const fraction = await run(graded);
    const refused = await run(notAScore);

    expect(pass.body.score).toMatchObject({
      value: 1,
      stringValue: "True",
      dataType: "BOOLEAN",
      source: "EVAL",
      comment: null,
    });
    expect(fail.body.score.value).toBe(0);
    expect(fraction.body.score.value).toBe(0.75);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      `Code evaluator '${notAScore}' failed: Expression must return a boolean or a number in [0, 1], got number 3`,
    );
    expect(fake.requests).toHaveLength(0);
  });

  it("scores an observation: its bodies are the built-in binding and the score attaches to it", async () => {
    const name = await create({
      kind: "CODE",
      expression: 'output.hits == 2 and input.q == "flights" and metadata.latency < 100',
      scope: "observation",
      filterName: "tool",
    });

    const res = await run(name, { observationId: spanId });
    const without = await run(name);
    const unknown = await run(name, { observationId: "nope" });

    expect(res.body.score.value).toBe(1);
    const score = (await app.call("GET", `/v1/traces/${traceId}`)).body.scores.find(
      (s: any) => s.id === res.body.score.id,
    );
    expect(score.observationId).toBe(spanId);
    expect(without.status).toBe(400);
    expect(unknown.status).toBe(404);
  });

  it("refuses to run a thread-scope evaluator on one trace", async () => {
    const name = await create({ prompt: "p", provider: "mock", model: "m", scope: "thread" });

    const res = await run(name);

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      `Evaluator '${name}' has thread scope: it judges whole sessions once they are quiet, not one trace`,
    );
  });

  it("answers deterministically with the mock provider, and takes input/output from the request for a trace not stored yet", async () => {
    const name = await create({
      prompt: "Rate {{output}}",
      provider: "mock",
      model: "mock-judge",
      scoreDataType: "CATEGORICAL",
      scoreCategories: ["good", "bad", "ugly"],
    });
    const pending = `pending-${randomUUID()}`;

    const a = await app.call("POST", `/v1/evaluators/${name}/run`, {
      body: { traceId: pending, input: "q", output: "a" },
    });
    const b = await app.call("POST", `/v1/evaluators/${name}/run`, {
      body: { traceId: pending, input: "q", output: "a" },
    });
    const notStored = await app.call("POST", `/v1/evaluators/${name}/run`, {
      body: { traceId: `pending-${randomUUID()}` },
    });

    expect(a.status).toBe(200);
    expect(["good", "bad", "ugly"]).toContain(a.body.score.stringValue);
    expect(b.body.score).toEqual(a.body.score);
    expect(a.body.score.comment).toContain("Mock judgement");
    expect(notStored.status).toBe(404);
  });
});
