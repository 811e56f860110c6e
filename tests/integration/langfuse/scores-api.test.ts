import { randomUUID } from "node:crypto";
import { LangfuseClient } from "@langfuse/client";
import { Langfuse } from "langfuse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { failure } from "../../support/langfuse-failure";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject } from "../datasets/support";

/** A listed score's value (Langfuse's TEXT scores have none, so the client's union type leaves it out). */
const scoreValue = (s: object) => (s as { value?: number }).value;

/* Scores and score configs through Langfuse's public API, with its JS clients (docs/langfuse.md, "Scores"). */
describe("Langfuse scores and score configs", () => {
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

  const trace = async (body: Record<string, unknown> = {}) => {
    const id = randomUUID();
    await ingest(app, [ev("trace-create", { id, name: "t", ...body })], { key });
    return id;
  };
  it("creates a score with api.scores.create, reads it back in v2, and deletes it with api.legacy.scoreV1.delete", async () => {
    const traceId = await trace();

    const created = await langfuse.api.scores.create({
      traceId,
      name: "helpfulness",
      value: 0.8,
      comment: "good",
      metadata: { by: "test" },
      environment: "staging",
    });
    await app.drainQueues();
    const read = await langfuse.api.scores.getById(created.id);
    await langfuse.api.legacy.scoreV1.delete(created.id);
    const gone = await failure(langfuse.api.scores.getById(created.id));

    expect(read).toMatchObject({
      id: created.id,
      traceId,
      name: "helpfulness",
      value: 0.8,
      dataType: "NUMERIC",
      source: "API",
      comment: "good",
      metadata: { by: "test" },
      environment: "staging",
      configId: null,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toEqual({
      message: `Score '${created.id}' not found`,
      error: "LangfuseNotFoundError",
      code: "not_found",
    });
  });

  it("keeps the caller's id: creating it again replaces the score", async () => {
    const traceId = await trace();
    const id = `fb-${randomUUID()}`;

    await langfuse.api.scores.create({ id, traceId, name: "rating", value: 2 });
    await langfuse.api.scores.create({ id, traceId, name: "rating", value: 5 });
    await app.drainQueues();
    const list = await langfuse.api.scores.getMany({ traceId });

    expect(list.data.map((s) => [s.id, scoreValue(s)])).toEqual([[id, 5]]);
  });

  it("scores sent by the client's score helper (ingestion) are listed by v2 with the trace's fields", async () => {
    const traceId = await trace({ userId: "u-ada", tags: ["beta", "web"], sessionId: "s-1" });

    langfuse.score.create({ traceId, name: "thumbs", value: 1, dataType: "BOOLEAN" });
    await langfuse.score.flush();
    await app.drainQueues();
    const list = await langfuse.api.scores.getMany({ name: "thumbs" });

    expect(list.meta).toEqual({ page: 1, limit: 50, totalItems: 1, totalPages: 1 });
    expect(list.data[0]).toMatchObject({
      traceId,
      dataType: "BOOLEAN",
      value: 1,
      stringValue: "True",
      trace: { userId: "u-ada", tags: ["beta", "web"], environment: "default", sessionId: "s-1" },
    });
  });

  it("lists v2 scores with Langfuse's filters and pages", async () => {
    const ada = await trace({ userId: "ada", tags: ["a", "b"] });
    const bob = await trace({ userId: "bob", tags: ["a"] });
    const tag = `f-${randomUUID().slice(0, 8)}`;
    for (const [traceId, value] of [
      [ada, 0.2],
      [ada, 0.9],
      [bob, 0.5],
    ] as const)
      await langfuse.api.scores.create({ traceId, name: tag, value });
    await langfuse.api.scores.create({ traceId: bob, name: tag, value: "meh", dataType: "CATEGORICAL" });
    await app.drainQueues();

    const numeric = await langfuse.api.scores.getMany({ name: tag, dataType: "NUMERIC" });
    const high = await langfuse.api.scores.getMany({ name: tag, operator: ">=", value: 0.5 });
    const byUser = await langfuse.api.scores.getMany({ name: tag, userId: "ada" });
    const byTags = await langfuse.api.scores.getMany({ name: tag, traceTags: ["a", "b"] });
    const page2 = await langfuse.api.scores.getMany({ name: tag, limit: 3, page: 2 });
    const past = await langfuse.api.scores.getMany({ name: tag, limit: 3, page: 3 });
    const byIds = await langfuse.api.scores.getMany({
      scoreIds: numeric.data
        .slice(0, 2)
        .map((s) => s.id)
        .join(","),
    });

    expect(numeric.data.map(scoreValue).sort()).toEqual([0.2, 0.5, 0.9]);
    expect(high.data.map(scoreValue).sort()).toEqual([0.5, 0.9]);
    expect(byUser.data.map((s) => s.traceId)).toEqual([ada, ada]);
    expect(byTags.data).toHaveLength(2);
    expect(page2.data).toHaveLength(1);
    expect(page2.meta).toEqual({ page: 2, limit: 3, totalItems: 4, totalPages: 2 });
    expect(past).toEqual({ data: [], meta: { page: 3, limit: 3, totalItems: 4, totalPages: 2 } });
    expect(byIds.data.map((s) => s.id).sort()).toEqual(
      numeric.data
        .slice(0, 2)
        .map((s) => s.id)
        .sort(),
    );
  });

  it("refuses page=0 and limit=101 with Langfuse's 400", async () => {
    const zero = await app.call("GET", "/api/public/v2/scores?page=0", { key });
    const big = await app.call("GET", "/api/public/v2/scores?limit=101", { key });

    expect(zero.status).toBe(400);
    expect(zero.body).toMatchObject({ error: "InvalidRequestError", code: "invalid_input" });
    expect(big.status).toBe(400);
  });

  it("creates, reads, lists and archives score configs with api.scoreConfigs", async () => {
    const name = `quality-${randomUUID().slice(0, 6)}`;

    const created = await langfuse.api.scoreConfigs.create({
      name,
      dataType: "CATEGORICAL",
      categories: [
        { label: "bad", value: 0 },
        { label: "good", value: 1 },
      ],
      description: "d",
    });
    const read = await langfuse.api.scoreConfigs.getById(created.id);
    const list = await langfuse.api.scoreConfigs.get({ limit: 100 });
    const archived = await langfuse.api.scoreConfigs.update(created.id, { isArchived: true });

    expect(read).toEqual({
      id: created.id,
      name,
      dataType: "CATEGORICAL",
      categories: [
        { label: "bad", value: 0 },
        { label: "good", value: 1 },
      ],
      description: "d",
      isArchived: false,
      minValue: null,
      maxValue: null,
      projectId: key.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(list.data.map((c) => c.id)).toContain(created.id);
    expect(archived.isArchived).toBe(true);
  });

  it("scores through the API must fit their config: a CATEGORICAL label answers its position, a wrong type is a 400", async () => {
    const traceId = await trace();
    const name = `verdict-${randomUUID().slice(0, 6)}`;
    const config = await langfuse.api.scoreConfigs.create({
      name,
      dataType: "CATEGORICAL",
      categories: [
        { label: "no", value: 0 },
        { label: "yes", value: 1 },
      ],
    });

    const ok = await langfuse.api.scores.create({ traceId, name, value: "yes", configId: config.id });
    const wrongType = await failure(
      langfuse.api.scores.create({ traceId, name, value: 1, dataType: "NUMERIC", configId: config.id }),
    );
    const unknownConfig = await failure(
      langfuse.api.scores.create({ traceId, name, value: "yes", configId: "no-such-config" }),
    );
    await app.drainQueues();
    const stored = await langfuse.api.scores.getMany({ traceId });

    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.body).toEqual({
      message: `Score '${name}' does not fit its config: it is CATEGORICAL, not NUMERIC`,
      error: "InvalidRequestError",
      code: "invalid_input",
    });
    expect(unknownConfig.statusCode).toBe(400);
    expect(unknownConfig.body.message).toBe("configId 'no-such-config' names no score config of this project");
    expect(stored.data).toEqual([
      expect.objectContaining({
        id: ok.id,
        dataType: "CATEGORICAL",
        stringValue: "yes",
        value: 1,
        configId: config.id,
      }),
    ]);
  });

  it("answers 404 for an unknown score, score config, or score to delete", async () => {
    const score = await app.call("GET", "/api/public/v2/scores/nope", { key });
    const config = await app.call("GET", "/api/public/score-configs/nope", { key });
    const deleted = await app.call("DELETE", "/api/public/scores/nope", { key });

    expect(score.status).toBe(404);
    expect(score.body).toEqual({
      message: "Score 'nope' not found",
      error: "LangfuseNotFoundError",
      code: "not_found",
    });
    expect(config.body).toEqual({
      message: "Score config 'nope' not found",
      error: "LangfuseNotFoundError",
      code: "not_found",
    });
    expect(deleted.status).toBe(404);
  });

  it("refuses what has no counterpart here by name: TEXT scores, dataset run scores, categories whose value is not their position", async () => {
    const traceId = await trace();

    const text = await app.call("POST", "/api/public/scores", {
      key,
      body: { traceId, name: "note", value: "hi", dataType: "TEXT" },
    });
    const run = await app.call("POST", "/api/public/scores", {
      key,
      body: { datasetRunId: "r1", name: "acc", value: 1 },
    });
    const config = await app.call("POST", "/api/public/score-configs", {
      key,
      body: { name: "x", dataType: "CATEGORICAL", categories: [{ label: "a", value: 1 }] },
    });

    expect(text.status).toBe(400);
    expect(text.body.message).toBe(
      "Invalid body.dataType: TEXT scores are not supported; use NUMERIC, CATEGORICAL or BOOLEAN",
    );
    expect(run.body.message).toBe(
      "Invalid body.datasetRunId: scores on dataset runs are not supported; score the run's traces instead",
    );
    expect(config.status).toBe(400);
    expect(config.body.message).toBe(
      "Invalid body.categories.0.value: categories are ordered labels here, so the value of the category at position 0 must be 0",
    );
  });

  it("the legacy langfuse 3.39 client creates and deletes a score over the REST routes", async () => {
    const traceId = await trace();
    const legacy = new Langfuse({ publicKey: key.publicKey, secretKey: key.secretKey, baseUrl: app.url });

    const created = await legacy.api.scoreCreate({ traceId, name: "legacy", value: 3 });
    await app.drainQueues();
    const read = await legacy.api.scoreV2GetById(created.id);
    await legacy.api.scoreDelete(created.id);
    const after = await app.call("GET", `/api/public/v2/scores/${created.id}`, { key });
    await legacy.shutdownAsync();

    expect(read).toMatchObject({ id: created.id, name: "legacy", value: 3, dataType: "NUMERIC" });
    expect(after.status).toBe(404);
  });
});
