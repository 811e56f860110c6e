import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { at, ev, ingest, pastInline } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";

const fixture = JSON.parse(
  readFileSync(new URL("../../fixtures/langfuse-v3-ingestion-batch.json", import.meta.url), "utf8"),
);

describe("POST /v1/ingest and the worker", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("merges the legacy Langfuse client's batch whatever the order, through the alias", async () => {
    const res = await app.call("POST", "/api/public/ingestion", { body: fixture.body, headers: fixture.headers });
    expect(res.status).toBe(207);
    expect(res.body.errors).toEqual([]);
    expect(res.body.successes).toHaveLength(fixture.body.batch.length);
    await app.drainQueues();

    const trace = await app.call("GET", "/v1/traces/e8de7ef1-6a57-4f5c-8b5f-2c94d707c533");
    expect(trace.status).toBe(200);
    expect(trace.body).toMatchObject({
      name: "chat",
      userId: "user-42",
      sessionId: "sess-7",
      release: "v1.2",
      environment: "staging",
      input: "hi",
      output: "hello",
      tags: ["demo"],
    });
    const byName = Object.fromEntries(trace.body.observations.map((o: any) => [o.name, o]));
    expect(Object.keys(byName).sort()).toEqual(["cache-miss", "llm", "retrieve"]);
    expect(byName.llm).toMatchObject({
      type: "GENERATION",
      model: "gpt-4o-mini",
      output: "hello",
      usageDetails: { input: 10, output: 5, total: 15 },
      costSource: "computed",
    });
    expect(byName.llm.totalCost).toBeGreaterThan(0);
    expect(byName.retrieve).toMatchObject({ type: "SPAN", input: { q: "hi" }, output: { docs: 2 } });
    expect(byName["cache-miss"]).toMatchObject({ type: "EVENT", metadata: { key: "k" } });
    const scores = Object.fromEntries(trace.body.scores.map((s: any) => [s.name, s]));
    expect(scores.helpfulness).toMatchObject({ value: 0.9, dataType: "NUMERIC", source: "API", comment: "good" });
    expect(scores.tone).toMatchObject({ value: null, stringValue: "polite", dataType: "CATEGORICAL" });
    expect(trace.body.totalCost).toBeCloseTo(byName.llm.totalCost, 12);

    const sdks = await app.call("GET", "/v1/usage/sdks");
    expect(sdks.body.data).toEqual([
      expect.objectContaining({
        name: "langfuse-js",
        version: "3.39.2",
        batches: 1,
        events: fixture.body.batch.length,
      }),
    ]);
  });

  it("names every bad event in errors with 400 and still stores the good ones", async () => {
    const traceId = randomUUID();
    const good = ev("trace-create", { id: traceId, name: "ok" });
    const batch = [
      good,
      { id: "no-type", timestamp: at(0), body: {} },
      ev("span-create", { id: "s1" }),
      ev("wat-create", { id: "x" }),
      { type: "trace-create", timestamp: at(0), body: { id: "t" } },
      ev("score-create", { traceId, name: "n", value: "text", dataType: "NUMERIC" }),
      ev("trace-create", { id: traceId, timestamp: "yesterday" }),
    ];
    const body = await ingest(app, batch);
    expect(body.successes).toEqual([{ id: good.id, status: 201 }]);
    expect(body.errors).toEqual([
      {
        id: "no-type",
        status: 400,
        message: "Invalid event: type: Invalid input: expected string, received undefined",
      },
      {
        id: batch[2]!.id,
        status: 400,
        message: "Invalid span-create body: traceId: Invalid input: expected string, received undefined",
      },
      { id: batch[3]!.id, status: 400, message: "Unknown event type 'wat-create'" },
      { id: "#4", status: 400, message: "Invalid event: id: Invalid input: expected string, received undefined" },
      {
        id: batch[5]!.id,
        status: 400,
        message: "Invalid score-create body: value: a NUMERIC score needs a numeric value",
      },
      { id: batch[6]!.id, status: 400, message: "Invalid trace-create body: timestamp: Invalid ISO datetime" },
    ]);
    expect((await app.call("GET", `/v1/traces/${traceId}`)).body.name).toBe("ok");
  });

  it("refuses an invalid envelope with 400 and an oversized body with 413, storing nothing", async () => {
    const before = await app.deps.queues.ingest.stats();
    const notArray = await app.call("POST", "/v1/ingest", { body: { batch: "x" } });
    expect(notArray.status).toBe(400);
    expect(notArray.body.error).toMatchObject({
      code: "invalid_input",
      message: "Invalid body.batch: Invalid input: expected array, received string",
    });
    const notJson = await app.call("POST", "/v1/ingest", { body: "{" });
    expect(notJson.body.error.message).toBe("Request body is not valid JSON");
    const huge = await app.call("POST", "/v1/ingest", {
      body: { batch: [ev("trace-create", { id: "big", input: "x".repeat(6 * 1024 * 1024) })] },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("payload_too_large");
    expect(await app.deps.queues.ingest.stats()).toEqual(before);
  });

  it("drops a repeated event id and stores nothing twice when a message is redelivered", async () => {
    const traceId = randomUUID();
    const create = ev("trace-create", { id: traceId, name: "once", tags: ["a"] });
    const span = ev("span-create", { id: randomUUID(), traceId, name: "s" });
    const body = await ingest(app, [create, create, span], { drain: false });
    expect(body.successes.map((s) => s.id)).toEqual([create.id, span.id]);

    // Deliver the same job twice, as SQS may.
    const [message] = await app.deps.queues.ingest.receive({ max: 1, visibilitySeconds: 1 });
    await app.deps.queues.ingest.send([{ body: message!.body }, { body: message!.body }]);
    await app.deps.queues.ingest.ack(message!.receipt);
    await app.drainQueues();
    await app.drainQueues();

    const trace = (await app.call("GET", `/v1/traces/${traceId}`)).body;
    expect(trace.observations).toHaveLength(1);
    expect(trace.tags).toEqual(["a"]);
    const [count] = await app.deps.telemetry.query<{ n: string }>(
      "SELECT toString(count()) AS n FROM (SELECT id FROM observations FINAL WHERE trace_id = {t:String})",
      { t: traceId },
    );
    expect(count!.n).toBe("1");
  });

  it("merges updates that arrive in later batches or before their create, by event time", async () => {
    const traceId = randomUUID();
    const genId = randomUUID();
    await ingest(app, [
      ev("generation-update", { id: genId, traceId, name: "final name", output: "done", endTime: at(2000) }, at(2000)),
    ]);
    await ingest(app, [
      ev(
        "generation-create",
        { id: genId, traceId, name: "first name", startTime: at(0), model: "gpt-4o", input: "q" },
        at(0),
      ),
      ev("trace-create", { id: traceId, name: "t", timestamp: at(0) }, at(0)),
    ]);
    await ingest(app, [ev("generation-update", { id: genId, usageDetails: { input: 1000, output: 100 } }, at(3000))]);

    const trace = (await app.call("GET", `/v1/traces/${traceId}`)).body;
    expect(trace.observations).toHaveLength(1);
    const gen = trace.observations[0];
    expect(gen).toMatchObject({
      name: "final name",
      input: "q",
      output: "done",
      model: "gpt-4o",
      startTime: at(0),
      endTime: at(2000),
      latencyMs: 2000,
      usageDetails: { input: 1000, output: 100, total: 1100 },
    });
    // Usage came after the model, in another batch: the worker priced it with the stored model.
    expect(gen.totalCost).toBeGreaterThan(0);
    expect(trace.latencyMs).toBe(2000);
  });

  it("prices cache-aware usage by its own keys, lets a project price win, and keeps a client cost", async () => {
    const price = await app.call("POST", "/v1/model-prices", {
      body: {
        modelName: "house-model",
        matchPattern: "^house-model(-.*)?$",
        prices: { input: 0.001, output: 0.002, cache_read_input_tokens: 0.0001, reasoning_tokens: 0.003 },
      },
    });
    expect(price.status).toBe(201);
    const bad = await app.call("POST", "/v1/model-prices", {
      body: { modelName: "x", matchPattern: "(", prices: { input: 1 } },
    });
    expect(bad.status).toBe(400);

    const traceId = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    await ingest(app, [
      ev("generation-create", {
        id: a,
        traceId,
        model: "house-model-v2",
        usageDetails: { input: 100, cache_read_input_tokens: 40, output: 10, reasoning_tokens: 5 },
      }),
      ev("generation-create", {
        id: b,
        traceId,
        model: "house-model",
        usageDetails: { input: 100 },
        costDetails: { input: 7, total: 7 },
      }),
    ]);
    const obs = Object.fromEntries(
      (await app.call("GET", `/v1/traces/${traceId}`)).body.observations.map((o: any) => [o.id, o]),
    );
    expect(obs[a].totalCost).toBeCloseTo(100 * 0.001 + 40 * 0.0001 + 10 * 0.002 + 5 * 0.003, 10);
    expect(obs[a].costDetails).toMatchObject({
      input: 0.1,
      cache_read_input_tokens: 0.004,
      output: 0.02,
      reasoning_tokens: 0.015,
    });
    expect(obs[b]).toMatchObject({ totalCost: 7, costSource: "client" });
    const list = await app.call("GET", "/v1/model-prices");
    expect(list.body.data[0]).toMatchObject({ modelName: "house-model", source: "custom" });
    expect(list.body.data.some((p: any) => p.source === "builtin" && /gpt-4o/.test(p.modelName))).toBe(true);
  });

  it("offloads bodies over 256 KB to the blob store and reads them back whole", async () => {
    const traceId = randomUUID();
    const big = { text: "y".repeat(300 * 1024) };
    await ingest(app, [ev("trace-create", { id: traceId, input: big, output: "small" })]);
    const [row] = await app.deps.telemetry.query<{ input: string }>(
      "SELECT input.2 AS input FROM traces FINAL WHERE id = {t:String}",
      { t: traceId },
    );
    expect(row!.input.length).toBeLessThan(1000);
    const keys = await app.deps.blobs.list(`payloads/`);
    expect(keys.some((k) => k.includes(traceId))).toBe(true);
    const trace = (await app.call("GET", `/v1/traces/${traceId}`)).body;
    expect(trace.input).toEqual(big);
    expect(trace.output).toBe("small");
  });

  it("carries a batch that fits in its queue message, and stores a larger one as an object first", async () => {
    const small = randomUUID();
    const large = randomUUID();
    const before = new Set(await app.deps.blobs.list("batches/"));
    await ingest(app, [ev("trace-create", { id: small, name: "small" })], { drain: false });
    expect((await app.deps.blobs.list("batches/")).filter((k) => !before.has(k))).toEqual([]);
    await ingest(app, [ev("trace-create", { id: large, name: "large", metadata: pastInline() })], { drain: false });
    expect((await app.deps.blobs.list("batches/")).filter((k) => !before.has(k))).toHaveLength(1);
    await app.drainQueues();
    expect((await app.call("GET", `/v1/traces/${small}`)).body.name).toBe("small");
    expect((await app.call("GET", `/v1/traces/${large}`)).body.name).toBe("large");
  });

  it("keeps answering 207 while the worker is stopped; the batches wait on the queue", async () => {
    const before = (await app.call("GET", "/v1/ingest/health")).body.queueDepth;
    for (let i = 0; i < 3; i++) await ingest(app, [ev("trace-create", { id: randomUUID() })], { drain: false });
    const health = (await app.call("GET", "/v1/ingest/health")).body;
    expect(health.queueDepth).toBe(before + 3);
    expect(health.oldestQueuedAgeSeconds).toBeGreaterThanOrEqual(0);
    await app.drainQueues();
    expect((await app.call("GET", "/v1/ingest/health")).body.queueDepth).toBe(0);
  });

  it("keeps data of one project away from another project's keys", async () => {
    const other = (await app.call("POST", "/v1/projects", { body: { name: `iso-${randomUUID()}` } })).body;
    const traceId = randomUUID();
    await ingest(app, [ev("trace-create", { id: traceId, name: "mine" })]);
    expect((await app.call("GET", `/v1/traces/${traceId}`, { key: other })).status).toBe(404);
    // The same id in another project is another trace.
    await ingest(app, [ev("trace-create", { id: traceId, name: "theirs" })], { key: other });
    expect((await app.call("GET", `/v1/traces/${traceId}`)).body.name).toBe("mine");
    expect((await app.call("GET", `/v1/traces/${traceId}`, { key: other })).body.name).toBe("theirs");
  });
});
