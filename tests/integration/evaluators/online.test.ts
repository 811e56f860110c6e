import { randomUUID } from "node:crypto";
import { inSample } from "@core/evaluators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeProviders } from "../../support/fake-providers";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";

/*
 * Online evaluation end to end through POST /v1/ingest only: the ingest worker finds what a delivery made due,
 * the eval worker scores it (docs/evaluators.md, "Online evaluation").
 */
describe("online evaluation", () => {
  let app: TestApp;
  let fake: FakeProviders;
  const uniq = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

  async function create(body: Record<string, unknown>): Promise<{ name: string; id: string }> {
    const name = uniq("online");
    const res = await app.call("POST", "/v1/evaluators", { body: { name, online: true, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { name, id: res.body.id };
  }
  const evalScores = async (traceId: string) => {
    const t = await app.call("GET", `/v1/traces/${traceId}`);
    expect(t.status).toBe(200);
    return (t.body.scores as any[]).filter((s) => s.source === "EVAL");
  };
  const executions = async (name: string, query = "") =>
    (await app.call("GET", `/v1/evaluators/${name}/executions${query}`)).body.data as any[];

  beforeAll(async () => {
    fake = await new FakeProviders().start();
    // Two deliveries at most, no retries inside one: a failing provider gives up quickly.
    app = await startTestApp({ SIGHTLINE_MAX_RECEIVE_COUNT: "2", SIGHTLINE_LLM_MAX_RETRIES: "0" });
    await app.call("PUT", "/v1/providers/openai", { body: { apiKey: "sk-online", baseUrl: `${fake.url}/v1` } });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.stop();
  });

  it("scores every due trace at sampling rate 1, none at 0, and at 0.5 exactly the deterministic sample; a trace without output is not due", async () => {
    const all = await create({ kind: "CODE", expression: "len(output) > 0", scoreName: uniq("all") });
    const none = await create({
      kind: "CODE",
      expression: "len(output) > 0",
      scoreName: uniq("none"),
      samplingRate: 0,
    });
    const half = await create({
      kind: "CODE",
      expression: "len(output) > 0",
      scoreName: uniq("half"),
      samplingRate: 0.5,
    });
    const ids = Array.from({ length: 24 }, () => randomUUID());
    const waiting = randomUUID();
    await ingest(app, [
      ...ids.map((id) => ev("trace-create", { id, name: "chat", input: "q", output: "an answer" })),
      ev("trace-create", { id: waiting, name: "chat", input: "q" }),
    ]);

    const expectedHalf = ids.filter((id) => inSample(id, half.id, 0.5));
    expect(expectedHalf.length).toBeGreaterThan(0);
    expect(expectedHalf.length).toBeLessThan(ids.length);
    for (const id of ids) {
      const names = (await evalScores(id)).map((s) => s.name);
      expect(names).toContain((await app.call("GET", `/v1/evaluators/${all.name}`)).body.scoreName);
      expect(names.some((n) => n.startsWith("none-"))).toBe(false);
      expect(names.some((n) => n.startsWith("half-"))).toBe(expectedHalf.includes(id));
    }
    expect(await evalScores(waiting)).toEqual([]);
    // Its output arrives later: now it is due.
    await ingest(app, [ev("trace-create", { id: waiting, output: "late answer" })]);
    expect((await evalScores(waiting)).map((s) => s.name).some((n) => n.startsWith("all-"))).toBe(true);
    expect((await executions(none.name)).length).toBe(0);
  });

  it("filterName takes only traces of that name; a redelivered output overwrites the same score", async () => {
    const only = await create({
      kind: "CODE",
      expression: "len(output) / 10",
      scoreName: uniq("checkout"),
      filterName: "checkout",
    });
    const [checkout, other] = [randomUUID(), randomUUID()];
    await ingest(app, [
      ev("trace-create", { id: checkout, name: "checkout", output: "abc" }),
      ev("trace-create", { id: other, name: "search", output: "abc" }),
    ]);
    const scored = (await evalScores(checkout)).filter((s) => s.name.startsWith("checkout-"));
    expect(scored).toHaveLength(1);
    expect(scored[0].value).toBeCloseTo(0.3, 12);
    expect((await evalScores(other)).filter((s) => s.name.startsWith("checkout-"))).toEqual([]);

    await ingest(app, [ev("trace-create", { id: checkout, output: "abcdef" })]);
    const again = (await evalScores(checkout)).filter((s) => s.name.startsWith("checkout-"));
    expect(again).toHaveLength(1);
    expect(again[0].id).toBe(scored[0].id);
    expect(again[0].value).toBeCloseTo(0.6, 12);
    const log = await executions(only.name, "?status=completed&trigger=online");
    expect(log.filter((e) => e.target.traceId === checkout)).toHaveLength(2);
    expect(log[0]).toMatchObject({
      trigger: "online",
      status: "completed",
      target: { traceId: checkout },
      scoreId: scored[0].id,
      error: null,
    });
  });

  it("observation scope: one score per matching observation, with observationId, its own output bound", async () => {
    await create({
      kind: "CODE",
      expression: "len(output) / 10",
      scoreName: uniq("obs"),
      scope: "observation",
      filterName: "retrieve",
    });
    const traceId = randomUUID();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await ingest(app, [
      ev("trace-create", { id: traceId, name: "rag" }),
      ev("span-create", { id: a, traceId, name: "retrieve", output: "12345" }),
      ev("span-create", { id: b, traceId, name: "retrieve", output: "12" }),
      ev("span-create", { id: c, traceId, name: "generate", output: "whatever" }),
    ]);
    const scores = (await evalScores(traceId)).filter((s) => s.name.startsWith("obs-"));
    expect(scores.map((s) => [s.observationId, s.value]).sort()).toEqual(
      [
        [a, 0.5],
        [b, 0.2],
      ].sort(),
    );
  });

  it("judges online through the mock provider", async () => {
    const judge = await create({
      prompt: "Rate {{output}}",
      provider: "mock",
      model: "mock-judge",
      scoreName: uniq("judged"),
    });
    const traceId = randomUUID();
    await ingest(app, [ev("trace-create", { id: traceId, output: "Paris" })]);
    const [score] = (await evalScores(traceId)).filter((s) => s.name.startsWith("judged-"));
    expect(score).toMatchObject({ source: "EVAL", dataType: "NUMERIC" });
    expect((await executions(judge.name))[0]).toMatchObject({ status: "completed", scoreId: score.id });
  });

  it("a provider that keeps failing: retried by the queue, then the execution is failed with the reason; no score, ingest unaffected", async () => {
    fake.reset();
    fake.fallback = () => ({ status: 500 });
    const judge = await create({
      prompt: "Rate {{output}}",
      provider: "openai",
      model: "gpt-4o-mini",
      scoreName: uniq("down"),
    });
    const traceId = randomUUID();
    await ingest(app, [ev("trace-create", { id: traceId, name: "chat", output: "hello" })]);
    expect((await app.call("GET", `/v1/traces/${traceId}`)).body.output).toBe("hello");
    expect(await executions(judge.name)).toEqual([]);
    // The queue's backoff (1 s after the first failure), then the second and last delivery.
    await new Promise((r) => setTimeout(r, 1100));
    await app.drainQueues();
    const [failed] = await executions(judge.name, "?status=failed");
    expect(failed).toMatchObject({ trigger: "online", status: "failed", scoreId: null, target: { traceId } });
    expect(failed.error).toMatch(/after 2 attempts\)$/);
    expect((await evalScores(traceId)).filter((s) => s.name.startsWith("down-"))).toEqual([]);
    expect(fake.requests.length).toBe(2);
    fake.fallback = () => ({ text: JSON.stringify({ score: 0.5, reasoning: "fallback" }) });
  });

  it("a queued job of an evaluator no longer online, or of a deleted trace, ends skipped", async () => {
    const off = await create({ kind: "CODE", expression: "1", scoreName: uniq("off") });
    const gone = await create({ kind: "CODE", expression: "1", scoreName: uniq("gone") });
    const projectId = (await app.call("GET", "/v1/projects")).body.data[0].id;
    const job = (evaluatorId: string, traceId: string) => ({
      body: JSON.stringify({ projectId, evaluatorId, traceId, trigger: "online" }),
    });
    await app.deps.queues.eval.send([job(off.id, randomUUID()), job(gone.id, `never-stored-${randomUUID()}`)]);
    expect(
      (await app.call("PUT", `/v1/evaluators/${off.name}`, { body: { kind: "CODE", expression: "1", online: false } }))
        .status,
    ).toBe(200);
    await app.drainQueues();
    expect((await executions(off.name))[0]).toMatchObject({
      status: "skipped",
      error: "the evaluator is no longer online",
    });
    const [skipped] = await executions(gone.name, "?status=skipped");
    expect(skipped.status).toBe("skipped");
    expect(skipped.error).toMatch(/not found/i);
  });

  it("the execution log refuses an unknown evaluator and bad filters", async () => {
    expect((await app.call("GET", "/v1/evaluators/nope/executions")).status).toBe(404);
    const { name } = await create({ kind: "CODE", expression: "1" });
    const bad = await app.call("GET", `/v1/evaluators/${name}/executions?status=done`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_input");
  });
});
