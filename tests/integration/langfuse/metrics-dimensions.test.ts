import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject } from "../../support/projects";

/*
 * The dimensions of Langfuse's metrics query views (docs/langfuse.md, "Metrics"): the observation's and score's own
 * columns, and the fields of the trace and observation they are on, folded to their current values.
 */
describe("Langfuse metrics query dimensions", () => {
  let app: TestApp;
  let key: Key;
  const chat = randomUUID();
  const search = randomUUID();
  const llm = randomUUID();
  const retrieve = randomUUID();
  const lookup = randomUUID();
  const now = Date.now();
  const iso = (ms: number) => new Date(now + ms).toISOString();
  const window = { fromTimestamp: iso(-86_400_000), toTimestamp: iso(60_000) };
  const month = new Date(now).toISOString().slice(0, 7);
  const day = new Date(now).toISOString().slice(0, 10);

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    const score = (body: Record<string, unknown>) =>
      ev("score-create", { id: randomUUID(), timestamp: iso(-1_000), ...body });
    await ingest(
      app,
      [
        ev("trace-create", {
          id: chat,
          name: "chat",
          userId: "ada",
          sessionId: "s1",
          tags: ["b", "a"],
          release: "r1",
          version: "v1",
          timestamp: iso(-5_000),
        }),
        // The search trace changes user: every dimension reads its current value.
        ev(
          "trace-create",
          { id: search, name: "search", userId: "carl", tags: ["a"], timestamp: iso(-5_000) },
          iso(-5_000),
        ),
        ev("generation-create", {
          id: llm,
          traceId: chat,
          name: "llm",
          model: "gpt-4o",
          promptName: "greet",
          promptVersion: 2,
          version: "ov1",
          usageDetails: { input: 10, output: 20 },
          startTime: iso(-4_000),
          endTime: iso(-3_500),
        }),
        ev("span-create", { id: retrieve, traceId: chat, name: "retrieve", level: "ERROR", startTime: iso(-4_000) }),
        ev("generation-create", {
          id: lookup,
          traceId: search,
          name: "llm",
          model: "gpt-4o-mini",
          usageDetails: { input: 1, output: 2 },
          startTime: iso(-4_000),
          endTime: iso(-3_900),
        }),
        score({ traceId: chat, name: "accuracy", value: 0.5 }),
        score({ traceId: chat, observationId: llm, name: "accuracy", value: 1 }),
        score({ traceId: search, observationId: lookup, name: "accuracy", value: 0 }),
        score({ traceId: chat, observationId: llm, name: "tone", stringValue: "good", dataType: "CATEGORICAL" }),
        score({ traceId: search, name: "tone", stringValue: "bad", dataType: "CATEGORICAL" }),
      ],
      { key },
    );
    // A later delivery: a second partial row of the trace, so reads fold two rows to the current user.
    await ingest(
      app,
      [ev("trace-create", { id: search, userId: "bob", sessionId: "s2", release: "r2" }, iso(-4_000))],
      {
        key,
      },
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = (q: Record<string, unknown>) =>
    app.call("GET", `/api/public/metrics?query=${encodeURIComponent(JSON.stringify({ ...window, ...q }))}`, { key });
  const ask = async (q: Record<string, unknown>) => {
    const res = await call(q);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const count = [{ measure: "count", aggregation: "count" }];
  const by = (...fields: string[]) => ({
    dimensions: fields.map((field) => ({ field })),
    orderBy: fields.map((field) => ({ field, direction: "asc" })),
  });

  it("groups observations by their trace's name and their own type and level", async () => {
    const rows = await ask({ view: "observations", ...by("traceName", "type", "level"), metrics: count });

    expect(rows).toEqual([
      { traceName: "chat", type: "GENERATION", level: "DEFAULT", count_count: 1 },
      { traceName: "chat", type: "SPAN", level: "ERROR", count_count: 1 },
      { traceName: "search", type: "GENERATION", level: "DEFAULT", count_count: 1 },
    ]);
  });

  it("groups observations by the current user, tags, prompt and month, with their measures", async () => {
    const rows = await ask({
      view: "observations",
      ...by("userId", "tags", "promptName", "promptVersion", "startTimeMonth"),
      metrics: [...count, { measure: "totalTokens", aggregation: "sum" }],
    });

    expect(rows).toEqual([
      {
        userId: "ada",
        tags: ["a", "b"],
        promptName: "greet",
        promptVersion: 2,
        startTimeMonth: month,
        count_count: 1,
        sum_totalTokens: 30,
      },
      {
        userId: "ada",
        tags: ["a", "b"],
        promptName: null,
        promptVersion: null,
        startTimeMonth: month,
        count_count: 1,
        sum_totalTokens: 0,
      },
      {
        userId: "bob",
        tags: ["a"],
        promptName: null,
        promptVersion: null,
        startTimeMonth: month,
        count_count: 1,
        sum_totalTokens: 3,
      },
    ]);
  });

  it("filters observations on their trace's fields and their own", async () => {
    const bob = await ask({
      view: "observations",
      ...by("providedModelName", "traceId"),
      metrics: count,
      filters: [{ column: "userId", operator: "=", value: "bob", type: "string" }],
    });
    const tagged = await ask({
      view: "observations",
      ...by("name", "version"),
      metrics: count,
      filters: [
        { column: "tags", operator: "all of", value: ["a", "b"], type: "arrayOptions" },
        { column: "name", operator: "any of", value: ["llm", "other"], type: "stringOptions" },
      ],
    });
    const ofChat = await ask({
      view: "observations",
      ...by("name"),
      metrics: count,
      filters: [{ column: "traceId", operator: "any of", value: [chat], type: "stringOptions" }],
    });
    const carl = await ask({
      view: "observations",
      metrics: count,
      filters: [{ column: "userId", operator: "=", value: "carl", type: "string" }],
    });

    expect(bob).toEqual([{ providedModelName: "gpt-4o-mini", traceId: search, count_count: 1 }]);
    expect(tagged).toEqual([{ name: "llm", version: "ov1", count_count: 1 }]);
    expect(ofChat).toEqual([
      { name: "llm", count_count: 1 },
      { name: "retrieve", count_count: 1 },
    ]);
    expect(carl).toEqual([{ count_count: 0 }]);
  });

  it("groups and filters the traces view by the traces' own fields", async () => {
    const rows = await ask({
      view: "traces",
      ...by("name", "userId", "sessionId", "release", "version", "timestampMonth"),
      metrics: [...count, { measure: "observationsCount", aggregation: "sum" }],
    });
    const ids = await ask({
      view: "traces",
      ...by("id", "tags"),
      metrics: count,
      filters: [{ column: "release", operator: "any of", value: ["r2"], type: "stringOptions" }],
    });

    expect(rows).toEqual([
      {
        name: "chat",
        userId: "ada",
        sessionId: "s1",
        release: "r1",
        version: "v1",
        timestampMonth: month,
        count_count: 1,
        sum_observationsCount: 2,
      },
      {
        name: "search",
        userId: "bob",
        sessionId: "s2",
        release: "r2",
        version: null,
        timestampMonth: month,
        count_count: 1,
        sum_observationsCount: 1,
      },
    ]);
    expect(ids).toEqual([{ id: search, tags: ["a"], count_count: 1 }]);
  });

  it("groups numeric scores by the observation they are on, and by their trace's name and user", async () => {
    const byObservation = await ask({
      view: "scores-numeric",
      ...by("observationName", "observationModelName"),
      metrics: [...count, { measure: "value", aggregation: "avg" }],
    });
    const byTrace = await ask({
      view: "scores-numeric",
      ...by("traceName", "userId", "timestampDay"),
      metrics: [...count, { measure: "value", aggregation: "sum" }],
    });
    const prompted = await ask({
      view: "scores-numeric",
      ...by("observationId", "observationPromptName", "observationPromptVersion", "value"),
      metrics: count,
      filters: [{ column: "observationModelName", operator: "=", value: "gpt-4o", type: "string" }],
    });

    expect(byObservation).toEqual([
      { observationName: "llm", observationModelName: "gpt-4o", count_count: 1, avg_value: 1 },
      { observationName: "llm", observationModelName: "gpt-4o-mini", count_count: 1, avg_value: 0 },
      { observationName: null, observationModelName: null, count_count: 1, avg_value: 0.5 },
    ]);
    expect(byTrace).toEqual([
      { traceName: "chat", userId: "ada", timestampDay: day, count_count: 2, sum_value: 1.5 },
      { traceName: "search", userId: "bob", timestampDay: day, count_count: 1, sum_value: 0 },
    ]);
    expect(prompted).toEqual([
      { observationId: llm, observationPromptName: "greet", observationPromptVersion: 2, value: 1, count_count: 1 },
    ]);
  });

  it("groups categorical scores by their observation and filters them on their trace's tags and session", async () => {
    const labels = await ask({
      view: "scores-categorical",
      ...by("stringValue", "observationName", "traceId"),
      metrics: count,
    });
    const tagged = await ask({
      view: "scores-categorical",
      ...by("traceRelease", "stringValue"),
      metrics: count,
      filters: [
        { column: "tags", operator: "any of", value: ["b"], type: "arrayOptions" },
        { column: "sessionId", operator: "=", value: "s1", type: "string" },
      ],
    });

    expect(labels).toEqual([
      { stringValue: "bad", observationName: null, traceId: search, count_count: 1 },
      { stringValue: "good", observationName: "llm", traceId: chat, count_count: 1 },
    ]);
    expect(tagged).toEqual([{ traceRelease: "r1", stringValue: "good", count_count: 1 }]);
  });

  it("still refuses what it does not hold, naming what each view supports", async () => {
    const tools = await call({ view: "observations", dimensions: [{ field: "toolNames" }], metrics: count });
    const evaluator = await call({ view: "scores-numeric", dimensions: [{ field: "evaluatorId" }], metrics: count });
    const contains = await call({
      view: "traces",
      metrics: count,
      filters: [{ column: "name", operator: "contains", value: "ch", type: "string" }],
    });
    const unknown = await call({
      view: "scores-categorical",
      metrics: count,
      filters: [{ column: "value", operator: ">", value: 1, type: "number" }],
    });

    expect(tools.status).toBe(400);
    expect(tools.body).toEqual({
      message:
        "Invalid query.query.dimensions.0.field: 'toolNames' is not supported on observations; supported: id, traceId, traceName, environment, parentObservationId, type, name, level, version, tags, providedModelName, promptName, promptVersion, userId, sessionId, traceRelease, traceVersion, startTimeMonth",
      error: "InvalidRequestError",
      code: "invalid_input",
    });
    expect(evaluator.body.message).toBe(
      "Invalid query.query.dimensions.0.field: 'evaluatorId' is not supported on scores-numeric; supported: id, traceId, observationId, name, source, dataType, environment, configId, timestampMonth, timestampDay, traceName, tags, userId, sessionId, traceRelease, traceVersion, observationName, observationModelName, observationPromptName, observationPromptVersion, value",
    );
    expect(contains.status).toBe(400);
    expect(contains.body.message).toBe(
      "Invalid query.query.filters.0.operator: 'contains' is not supported on name; use '=' or 'any of'",
    );
    expect(unknown.body.message).toBe(
      "Invalid query.query.filters.0.column: 'value' is not supported on scores-categorical; supported: id, traceId, observationId, name, source, dataType, environment, configId, timestampMonth, timestampDay, traceName, tags, userId, sessionId, traceRelease, traceVersion, observationName, observationModelName, observationPromptName, observationPromptVersion, stringValue",
    );
  });
});
