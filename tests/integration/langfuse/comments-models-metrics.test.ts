import { randomUUID } from "node:crypto";
import { LangfuseClient } from "@langfuse/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { failure } from "../../support/langfuse-failure";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject } from "../../support/projects";

/* Comments, models and metrics through Langfuse's public API, with its JS client (docs/langfuse.md). */
describe("Langfuse comments, models and metrics", () => {
  let app: TestApp;
  let key: Key & { id: string };
  let langfuse: LangfuseClient;

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    langfuse = new LangfuseClient({ publicKey: key.publicKey, secretKey: key.secretKey, baseUrl: app.url });
  });
  afterAll(async () => {
    await langfuse?.shutdown();
    await app?.close();
  });

  /** A trace with one generation of `model` that used 10 input and 20 output tokens. */
  const generation = async (model: string, trace: Record<string, unknown> = {}, k: Key = key) => {
    const traceId = randomUUID();
    const start = new Date();
    await ingest(
      app,
      [
        ev("trace-create", { id: traceId, name: "chat", ...trace }),
        ev("generation-create", {
          id: randomUUID(),
          traceId,
          name: "llm",
          model,
          usageDetails: { input: 10, output: 20 },
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 500).toISOString(),
        }),
      ],
      { key: k },
    );
    return traceId;
  };

  it("creates, lists and reads comments with api.comments", async () => {
    const traceId = await generation("gpt-4o");

    const created = await langfuse.api.comments.create({
      projectId: key.id,
      objectType: "TRACE",
      objectId: traceId,
      content: "Looks **wrong**",
    });
    await langfuse.api.comments.create({
      projectId: key.id,
      objectType: "TRACE",
      objectId: traceId,
      content: "second",
    });
    const list = await langfuse.api.comments.get({ objectType: "TRACE", objectId: traceId });
    const one = await langfuse.api.comments.getById(created.id);

    expect(list.meta).toEqual({ page: 1, limit: 50, totalItems: 2, totalPages: 1 });
    expect(list.data.map((c) => c.content)).toEqual(["second", "Looks **wrong**"]);
    expect(one).toEqual({
      id: created.id,
      projectId: key.id,
      objectType: "TRACE",
      objectId: traceId,
      content: "Looks **wrong**",
      authorUserId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("answers 404 for a comment on an unknown object and for an unknown comment, and 400 for empty content", async () => {
    const unknownObject = await failure(
      langfuse.api.comments.create({ projectId: key.id, objectType: "TRACE", objectId: "nope", content: "x" }),
    );
    const unknownComment = await failure(langfuse.api.comments.getById("nope"));
    const empty = await app.call("POST", "/api/public/comments", {
      key,
      body: { projectId: key.id, objectType: "TRACE", objectId: "nope", content: "" },
    });

    expect(unknownObject.statusCode).toBe(404);
    expect(unknownObject.body).toEqual({
      message: "Trace 'nope' not found",
      error: "LangfuseNotFoundError",
      code: "not_found",
    });
    expect(unknownComment.body).toEqual({
      message: "Comment 'nope' not found",
      error: "LangfuseNotFoundError",
      code: "not_found",
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Invalid body.content: must not be empty");
  });

  it("creates a model that prices later generations, lists it before the managed ones, and deletes it", async () => {
    const own = await newProject(app);
    const client = new LangfuseClient({ publicKey: own.publicKey, secretKey: own.secretKey, baseUrl: app.url });

    const model = await client.api.models.create({
      modelName: "acme-llm",
      matchPattern: "(?i)^acme-llm$",
      unit: "TOKENS",
      inputPrice: 0.001,
      outputPrice: 0.002,
    });
    const traceId = await generation("acme-llm", {}, own);
    const trace = await app.call("GET", `/v1/traces/${traceId}`, { key: own });
    const list = await client.api.models.list({ limit: 100 });
    const read = await client.api.models.get(model.id);
    await client.api.models.delete(model.id);
    const gone = await failure(client.api.models.get(model.id));
    await client.shutdown();

    expect(model).toMatchObject({
      modelName: "acme-llm",
      matchPattern: "(?i)^acme-llm$",
      unit: "TOKENS",
      inputPrice: 0.001,
      outputPrice: 0.002,
      isLangfuseManaged: false,
      prices: { input: { price: 0.001 }, output: { price: 0.002 } },
    });
    expect(trace.body.observations[0].totalCost).toBeCloseTo(0.05, 10);
    expect(list.data[0]!.id).toBe(model.id);
    expect(list.data.slice(1).every((m) => m.isLangfuseManaged)).toBe(true);
    expect(read).toEqual(model);
    expect(gone.statusCode).toBe(404);
  });

  it("refuses what the prices here cannot do, and deleting a managed model", async () => {
    const dated = await app.call("POST", "/api/public/models", {
      key,
      body: { modelName: "m", matchPattern: "m", startDate: "2025-01-01T00:00:00Z", inputPrice: 1 },
    });
    const total = await app.call("POST", "/api/public/models", {
      key,
      body: { modelName: "m", matchPattern: "m", totalPrice: 1 },
    });
    const managed = await app.call("DELETE", "/api/public/models/builtin:gpt-4o", { key });

    expect(dated.status).toBe(400);
    expect(dated.body.message).toBe(
      "Invalid body.startDate: prices here have no start date; a price applies to every observation priced after it is saved",
    );
    expect(total.body.message).toBe(
      "Invalid body.totalPrice: total-only prices are not supported; give inputPrice and outputPrice",
    );
    expect(managed.status).toBe(400);
    expect(managed.body).toMatchObject({
      error: "InvalidRequestError",
      message: "Built-in price 'builtin:gpt-4o' cannot be deleted: save a price of the same modelName to override it",
    });
  });

  it("reads daily metrics: per day, traces, observations, cost and usage per model, filtered by trace name, user and tags", async () => {
    const own = await newProject(app);
    await generation("gpt-4o", { name: "chat", userId: "ada", tags: ["t1"] }, own);
    await generation("gpt-4o-mini", { name: "chat", userId: "bob" }, own);
    await generation("gpt-4o", { name: "other" }, own);
    const today = new Date().toISOString().slice(0, 10);

    const all = await app.call("GET", "/api/public/metrics/daily", { key: own });
    const chat = await app.call("GET", "/api/public/metrics/daily?traceName=chat", { key: own });
    const ada = await app.call("GET", "/api/public/metrics/daily?userId=ada&tags=t1", { key: own });

    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ page: 1, limit: 50, totalItems: 1, totalPages: 1 });
    expect(all.body.data[0]).toMatchObject({ date: today, countTraces: 3, countObservations: 3 });
    expect(all.body.data[0].totalCost).toBeGreaterThan(0);
    expect(all.body.data[0].usage.find((u: any) => u.model === "gpt-4o")).toMatchObject({
      inputUsage: 20,
      outputUsage: 40,
      totalUsage: 60,
      countTraces: 2,
      countObservations: 2,
    });
    expect(chat.body.data[0]).toMatchObject({ countTraces: 2 });
    expect(ada.body.data[0]).toMatchObject({ countTraces: 1, usage: [expect.objectContaining({ model: "gpt-4o" })] });
  });

  it("answers a metrics query with api.legacy.metricsV1 for the observations view by model and day", async () => {
    const own = await newProject(app);
    const client = new LangfuseClient({ publicKey: own.publicKey, secretKey: own.secretKey, baseUrl: app.url });
    await generation("gpt-4o", {}, own);
    await generation("gpt-4o", {}, own);
    await generation("gpt-4o-mini", {}, own);
    const query = {
      view: "observations",
      dimensions: [{ field: "providedModelName" }],
      metrics: [
        { measure: "count", aggregation: "count" },
        { measure: "totalTokens", aggregation: "sum" },
      ],
      timeDimension: { granularity: "day" },
      fromTimestamp: new Date(Date.now() - 86_400_000).toISOString(),
      toTimestamp: new Date(Date.now() + 60_000).toISOString(),
      orderBy: [{ field: "count_count", direction: "desc" }],
    };

    const result = await client.api.legacy.metricsV1.metrics({ query: JSON.stringify(query) });
    await client.shutdown();

    const day = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    expect(result.data).toEqual([
      { time_dimension: day, providedModelName: "gpt-4o", count_count: 2, sum_totalTokens: 60 },
      { time_dimension: day, providedModelName: "gpt-4o-mini", count_count: 1, sum_totalTokens: 30 },
    ]);
  });

  it("refuses a metrics query it cannot answer with a 400 naming what is not supported", async () => {
    const base = {
      view: "observations",
      metrics: [{ measure: "count", aggregation: "count" }],
      fromTimestamp: "2026-01-01T00:00:00Z",
      toTimestamp: "2026-01-02T00:00:00Z",
    };
    const ask = (q: unknown) =>
      app.call("GET", `/api/public/metrics?query=${encodeURIComponent(JSON.stringify(q))}`, { key });

    const view = await ask({ ...base, view: "events" });
    const measure = await ask({ ...base, metrics: [{ measure: "latency", aggregation: "avg" }] });
    const hour = await ask({ ...base, timeDimension: { granularity: "hour" } });
    const notJson = await app.call("GET", "/api/public/metrics?query=nope", { key });

    expect(view.status).toBe(400);
    expect(view.body).toEqual({
      message:
        "Invalid query.query.view: 'events' is not supported; supported: observations, traces, scores-numeric, scores-categorical",
      error: "InvalidRequestError",
      code: "invalid_input",
    });
    expect(measure.body.message).toBe(
      "Invalid query.query.metrics.0.aggregation: 'avg' is not supported for latency; supported: p50, p95, p99",
    );
    expect(hour.body.message).toBe(
      "Invalid query.query.timeDimension.granularity: 'hour' is not supported; supported: day, auto (as day)",
    );
    expect(notJson.body.message).toBe("Invalid query.query: not valid JSON");
  });
  it("answers the score views: numeric scores by name and day, by data type above a value; categorical by label", async () => {
    const own = await newProject(app);
    const traceId = await generation("gpt-4o", {}, own);
    const yesterday = new Date(Date.now() - 86_400_000);
    const today = new Date();
    const score = (body: Record<string, unknown>, at: Date) =>
      ev("score-create", { id: randomUUID(), traceId, timestamp: at.toISOString(), ...body });
    await ingest(
      app,
      [
        score({ name: "accuracy", value: 0.25 }, yesterday),
        score({ name: "accuracy", value: 0.75 }, yesterday),
        score({ name: "accuracy", value: 1, environment: "prod" }, today),
        score({ name: "helpful", value: 1, dataType: "BOOLEAN" }, today),
        score({ name: "tone", stringValue: "good", dataType: "CATEGORICAL" }, yesterday),
        score({ name: "tone", stringValue: "good", dataType: "CATEGORICAL" }, today),
        score({ name: "tone", stringValue: "bad", dataType: "CATEGORICAL" }, today),
      ],
      { key: own },
    );
    const window = {
      fromTimestamp: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      toTimestamp: new Date(Date.now() + 60_000).toISOString(),
    };
    const ask = async (q: unknown) => {
      const res = await app.call("GET", `/api/public/metrics?query=${encodeURIComponent(JSON.stringify(q))}`, {
        key: own,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const day = (d: Date) => `${d.toISOString().slice(0, 10)}T00:00:00.000Z`;

    const byName = await ask({
      view: "scores-numeric",
      dimensions: [{ field: "name" }],
      metrics: [
        { measure: "count", aggregation: "count" },
        { measure: "value", aggregation: "avg" },
        { measure: "value", aggregation: "p50" },
        { measure: "value", aggregation: "max" },
      ],
      timeDimension: { granularity: "day" },
      ...window,
      orderBy: [
        { field: "time_dimension", direction: "asc" },
        { field: "name", direction: "asc" },
      ],
    });
    const byType = await ask({
      view: "scores-numeric",
      dimensions: [{ field: "dataType" }],
      metrics: [
        { measure: "count", aggregation: "count" },
        { measure: "value", aggregation: "sum" },
      ],
      filters: [{ column: "value", operator: ">=", value: 0.5, type: "number" }],
      ...window,
      orderBy: [{ field: "dataType", direction: "asc" }],
    });
    const prod = await ask({
      view: "scores-numeric",
      dimensions: [{ field: "environment" }, { field: "source" }],
      metrics: [{ measure: "value", aggregation: "min" }],
      filters: [{ column: "environment", operator: "=", value: "prod", type: "string" }],
      ...window,
    });
    const labels = await ask({
      view: "scores-categorical",
      dimensions: [{ field: "name" }, { field: "stringValue" }],
      metrics: [{ measure: "count", aggregation: "count" }],
      ...window,
      orderBy: [{ field: "count_count", direction: "desc" }],
    });

    expect(byName).toEqual([
      {
        time_dimension: day(yesterday),
        name: "accuracy",
        count_count: 2,
        avg_value: 0.5,
        p50_value: 0.5,
        max_value: 0.75,
      },
      { time_dimension: day(today), name: "accuracy", count_count: 1, avg_value: 1, p50_value: 1, max_value: 1 },
      { time_dimension: day(today), name: "helpful", count_count: 1, avg_value: 1, p50_value: 1, max_value: 1 },
    ]);
    expect(byType).toEqual([
      { dataType: "BOOLEAN", count_count: 1, sum_value: 1 },
      { dataType: "NUMERIC", count_count: 2, sum_value: 1.75 },
    ]);
    expect(prod).toEqual([{ environment: "prod", source: "API", min_value: 1 }]);
    expect(labels).toEqual([
      { name: "tone", stringValue: "good", count_count: 2 },
      { name: "tone", stringValue: "bad", count_count: 1 },
    ]);
  });

  it("refuses a score-view measure, dimension or filter it does not compute, naming what it does", async () => {
    const base = {
      view: "scores-categorical",
      metrics: [{ measure: "count", aggregation: "count" }],
      fromTimestamp: "2026-01-01T00:00:00Z",
      toTimestamp: "2026-01-02T00:00:00Z",
    };
    const ask = (q: unknown) =>
      app.call("GET", `/api/public/metrics?query=${encodeURIComponent(JSON.stringify(q))}`, { key });

    const measure = await ask({ ...base, metrics: [{ measure: "value", aggregation: "avg" }] });
    const dimension = await ask({ ...base, view: "scores-numeric", dimensions: [{ field: "evaluatorId" }] });
    const aggregation = await ask({
      ...base,
      view: "scores-numeric",
      metrics: [{ measure: "value", aggregation: "histogram" }],
    });
    const filter = await ask({ ...base, filters: [{ column: "value", operator: ">", value: 1 }] });

    expect(measure.status).toBe(400);
    expect(measure.body).toEqual({
      message:
        "Invalid query.query.metrics.0.measure: 'value' is not supported on scores-categorical; supported: count",
      error: "InvalidRequestError",
      code: "invalid_input",
    });
    expect(dimension.body.message).toBe(
      "Invalid query.query.dimensions.0.field: 'evaluatorId' is not supported on scores-numeric; supported: id, traceId, observationId, name, source, dataType, environment, configId, timestampMonth, timestampDay, traceName, tags, userId, sessionId, traceRelease, traceVersion, observationName, observationModelName, observationPromptName, observationPromptVersion, value",
    );
    expect(aggregation.body.message).toBe(
      "Invalid query.query.metrics.0.aggregation: 'histogram' is not supported for value; supported: count, sum, avg, min, max, p50, p75, p90, p95, p99",
    );
    expect(filter.body.message).toBe(
      "Invalid query.query.filters.0.column: 'value' is not supported on scores-categorical; supported: id, traceId, observationId, name, source, dataType, environment, configId, timestampMonth, timestampDay, traceName, tags, userId, sessionId, traceRelease, traceVersion, observationName, observationModelName, observationPromptName, observationPromptVersion, stringValue",
    );
  });
});
