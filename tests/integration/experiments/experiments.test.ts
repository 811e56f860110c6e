import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAI } from "../../support/fake-openai";
import { startTestApp, type TestApp } from "../../support/local-app";
import { experimentSetup, type Key, newProject, start, uniq } from "./support";

describe("experiments run by Sightline", () => {
  let app: TestApp;
  let key: Key;
  let setup: Awaited<ReturnType<typeof experimentSetup>>;
  let fake: FakeOpenAI;

  beforeAll(async () => {
    fake = await new FakeOpenAI().start();
    fake.refusedModels.add("gpt-nonexistent");
    app = await startTestApp();
    key = await newProject(app);
    setup = await experimentSetup(app, key);
    const price = await app.call("POST", "/v1/model-prices", {
      key,
      body: { modelName: "house-mock", matchPattern: "^house-mock$", prices: { input: 0.001, output: 0.002 } },
    });
    expect(price.status).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.stop();
  });

  const body = (extra: Record<string, unknown> = {}) => ({
    prompt: { name: setup.prompt, label: "production" },
    provider: "mock",
    model: "house-mock",
    mapping: { question: "input.question" },
    evaluators: setup.evaluators,
    concurrency: 2,
    ...extra,
  });
  const read = (dataset: string, run: string) => app.call("GET", `/v1/datasets/${dataset}/runs/${run}`, { key });

  it("answers 202 with the queued run; after the queue drains every item has a trace, a run item, both scores, cost and latencies", async () => {
    const started = await start(app, key, setup.name, body({ runName: "v1-mock" }));
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ name: "v1-mock", version: `${setup.prompt}@1`, items: [] });
    expect(started.body.experiment).toMatchObject({
      status: "queued",
      prompt: { name: setup.prompt, version: 1, label: "production" },
      provider: "mock",
      model: "house-mock",
      total: 3,
      done: 0,
      failed: 0,
      pending: 3,
      concurrency: 2,
    });

    await app.drainQueues();
    const run = await read(setup.name, "v1-mock");

    expect(run.body.experiment).toMatchObject({
      status: "completed",
      total: 3,
      done: 3,
      failed: 0,
      pending: 0,
      failures: [],
    });
    expect(run.body.items.map((i: any) => i.datasetItemId).sort()).toEqual(["i0", "i1", "i2"]);
    expect(run.body.scores.map((s: any) => [s.name, s.count]).sort()).toEqual(
      setup.evaluators.map((e) => [e, 3]).sort(),
    );
    expect(run.body.experiment.latencyMs.p50).not.toBeNull();
    const traces = await Promise.all(
      run.body.items.map((i: any) => app.call("GET", `/v1/traces/${i.traceId}`, { key })),
    );
    const generations = traces.map((t) => t.body.observations[0]);
    expect(traces.map((t) => [t.body.environment, t.body.tags])).toEqual(
      traces.map(() => ["sightline", ["sightline:experiment"]]),
    );
    expect(generations.map((g) => [g.model, g.promptName, g.promptVersion])).toEqual(
      generations.map(() => ["house-mock", setup.prompt, 1]),
    );
    expect(generations[0].input).toEqual([
      { role: "user", content: expect.stringMatching(/^Answer briefly: What is \d \+ \d\?$/) },
    ]);
    const cost = generations.reduce((sum, g) => sum + g.totalCost, 0);
    expect(cost).toBeGreaterThan(0);
    expect(run.body.experiment.costUsd).toBeCloseTo(cost, 9);
  });

  it("compares the run with another one and gates it, as for recorded runs", async () => {
    await start(app, key, setup.name, body({ runName: "v1-again", concurrency: 1 }));
    await app.drainQueues();

    const compared = await app.call("GET", `/v1/datasets/${setup.name}/compare?runs=v1-mock,v1-again`, { key });
    const passed = await app.call("POST", `/v1/datasets/${setup.name}/runs/v1-again/gate`, {
      key,
      body: { thresholds: { [setup.evaluators[0]!]: 1 } },
    });
    const failed = await app.call("POST", `/v1/datasets/${setup.name}/runs/v1-again/gate`, {
      key,
      body: { thresholds: { [setup.evaluators[1]!]: 0.99 } },
    });

    expect(compared.status).toBe(200);
    expect(compared.body.runs.map((r: any) => [r.name, r.itemCount])).toEqual([
      ["v1-mock", 3],
      ["v1-again", 3],
    ]);
    expect(compared.body.items.every((i: any) => i.runs.every((c: any) => c !== null))).toBe(true);
    expect(passed.body.passed).toBe(true);
    expect(failed.body.passed).toBe(false);
  });

  it("gives the run a name from the prompt and version when none is given", async () => {
    const started = await start(app, key, setup.name, body({ prompt: { name: setup.prompt, version: 1 } }));

    expect(started.status).toBe(202);
    expect(started.body.name).toMatch(new RegExp(`^${setup.prompt}-v1-\\d{8}-\\d{6}$`));
    expect(started.body.experiment.prompt).toEqual({ name: setup.prompt, version: 1, label: null });
    await app.drainQueues();
  });

  it("refuses a prompt variable the mapping leaves unbound, naming it, and writes nothing", async () => {
    const res = await start(app, key, setup.name, body({ runName: "unbound", mapping: {} }));
    const run = await read(setup.name, "unbound");

    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "invalid_input",
      message: `Prompt '${setup.prompt}' version 1 uses variable 'question' that the mapping leaves unbound: map it to an item field, e.g. {"question": "input.question"}`,
    });
    expect(run.status).toBe(404);
  });

  it("refuses a provider without credentials in the project", async () => {
    const res = await start(
      app,
      key,
      setup.name,
      body({ runName: "no-key", provider: "openai", model: "gpt-4o-mini" }),
    );

    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'No credentials for provider "openai" in this project: PUT /v1/providers/openai',
    );
    expect((await read(setup.name, "no-key")).status).toBe(404);
  });

  it("refuses an unknown prompt label, prompt, dataset and evaluator", async () => {
    const label = await start(app, key, setup.name, body({ prompt: { name: setup.prompt, label: "staging" } }));
    const version = await start(app, key, setup.name, body({ prompt: { name: setup.prompt, version: 99 } }));
    const prompt = await start(app, key, setup.name, body({ prompt: { name: "no-such-prompt" } }));
    const dataset = await start(app, key, "no-such-dataset", body());
    const evaluator = await start(app, key, setup.name, body({ evaluators: ["no-such-evaluator"] }));

    expect([label.status, version.status, prompt.status, dataset.status, evaluator.status]).toEqual([
      404, 404, 404, 404, 404,
    ]);
    expect(label.body.error.message).toContain("staging");
  });

  it("refuses an empty dataset", async () => {
    const empty = uniq("empty");
    await app.call("POST", "/v1/datasets", { key, body: { name: empty } });

    const res = await start(app, key, empty, body());

    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      `Dataset '${empty}' has no items: add items with POST /v1/datasets/${empty}/items before running an experiment`,
    );
  });

  it("cancels a run: pending items stop, the run says so, and a second cancel is refused", async () => {
    await start(app, key, setup.name, body({ runName: "to-cancel" }));

    const cancelled = await app.call("POST", `/v1/datasets/${setup.name}/runs/to-cancel/cancel`, { key });
    await app.drainQueues();
    const run = await read(setup.name, "to-cancel");
    const again = await app.call("POST", `/v1/datasets/${setup.name}/runs/to-cancel/cancel`, { key });

    expect(cancelled.status).toBe(200);
    expect(cancelled.body.experiment).toMatchObject({ status: "cancelled", cancelled: 3, pending: 0 });
    expect(run.body.experiment).toMatchObject({ status: "cancelled", done: 0, cancelled: 3 });
    expect(run.body.items).toEqual([]);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(`Run 'to-cancel' of dataset '${setup.name}' is already cancelled`);
  });

  it("refuses to cancel a run that ended or one Sightline does not execute", async () => {
    const ended = await app.call("POST", `/v1/datasets/${setup.name}/runs/v1-mock/cancel`, { key });
    await app.call("POST", `/v1/datasets/${setup.name}/runs`, { key, body: { runName: "recorded" } });
    const recorded = await app.call("POST", `/v1/datasets/${setup.name}/runs/recorded/cancel`, { key });

    expect(ended.status).toBe(409);
    expect(ended.body.error.message).toBe(
      `Run 'v1-mock' of dataset '${setup.name}' already ended (completed): there is nothing to cancel`,
    );
    expect(recorded.status).toBe(409);
  });

  it("fails each item a provider refuses, with the provider's message, through the official OpenAI SDK", async () => {
    const project = await newProject(app);
    const mine = await experimentSetup(app, project, 2);
    expect(
      (await app.call("PUT", "/v1/providers/openai", { key: project, body: { apiKey: "sk-test", baseUrl: fake.url } }))
        .status,
    ).toBe(200);

    const started = await app.call("POST", `/v1/datasets/${mine.name}/experiments`, {
      key: project,
      body: {
        runName: "refused",
        prompt: { name: mine.prompt },
        provider: "openai",
        model: "gpt-nonexistent",
        mapping: { question: "input.question" },
      },
    });
    await app.drainQueues();
    const run = await app.call("GET", `/v1/datasets/${mine.name}/runs/refused`, { key: project });

    expect(started.status).toBe(202);
    expect(run.body.experiment).toMatchObject({ status: "failed", done: 0, failed: 2, error: "every item failed" });
    expect(run.body.experiment.failures).toEqual(
      ["i0", "i1"].map((id) => ({
        datasetItemId: id,
        error:
          "openai refused the request (404): 404 The model `gpt-nonexistent` does not exist or you do not have access to it.",
      })),
    );
  });

  it("records each judge call of an evaluation delivery as a trace of the project in the environment sightline", async () => {
    const project = await newProject(app);
    const mine = await experimentSetup(app, project, 2);
    const judge = uniq("judge");
    await app.call("POST", "/v1/evaluators", {
      key: project,
      body: {
        name: judge,
        prompt: "Rate this answer: {{output}}",
        provider: "mock",
        model: "judge-model",
        online: true,
      },
    });

    await app.call("POST", `/v1/datasets/${mine.name}/experiments`, {
      key: project,
      body: {
        runName: "judged",
        prompt: { name: mine.prompt },
        provider: "mock",
        model: "m",
        mapping: { question: "input.question" },
        evaluators: [judge],
      },
    });
    await app.drainQueues();
    const own = await app.call("GET", "/v1/traces?environment=sightline&limit=100", { key: project });
    const run = await app.call("GET", `/v1/datasets/${mine.name}/runs/judged`, { key: project });

    const names = own.body.data.map((t: any) => t.name).sort();
    // Two experiment calls and one judge call per item; the online judge never judges these traces.
    expect(names).toEqual([`experiment judged`, `experiment judged`, `judge ${judge}`, `judge ${judge}`]);
    expect(run.body.scores.map((s: any) => [s.name, s.count])).toEqual([[judge, 2]]);
  });

  it("answers the model through the OpenAI SDK for a model the provider serves", async () => {
    const project = await newProject(app);
    const mine = await experimentSetup(app, project, 2);
    await app.call("PUT", "/v1/providers/openai", { key: project, body: { apiKey: "sk-test", baseUrl: fake.url } });

    await app.call("POST", `/v1/datasets/${mine.name}/experiments`, {
      key: project,
      body: {
        runName: "served",
        prompt: { name: mine.prompt },
        provider: "openai",
        model: "gpt-4o-mini",
        mapping: { question: "input.question" },
        parameters: { temperature: 0.2 },
      },
    });
    await app.drainQueues();
    const run = await app.call("GET", `/v1/datasets/${mine.name}/runs/served`, { key: project });
    const trace = await app.call("GET", `/v1/traces/${run.body.items[0].traceId}`, { key: project });

    expect(run.body.experiment).toMatchObject({ status: "completed", done: 2 });
    expect(trace.body.output).toBe(fake.answer);
    expect(fake.requests.filter((r) => r.body.model === "gpt-4o-mini").map((r) => r.body.temperature)).toEqual([
      0.2, 0.2,
    ]);
  });
});
