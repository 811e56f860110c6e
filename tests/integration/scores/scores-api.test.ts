import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject, uniq } from "../../support/projects";

/* Scores on every path and the score configs they must fit (docs/scores.md). */
describe("scores and score configs", () => {
  let app: TestApp;
  let key: Key;

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const scoresOf = async (traceId: string) =>
    ((await app.call("GET", `/v1/traces/${traceId}`, { key })).body.scores ?? []) as any[];
  const trace = async () => {
    const id = randomUUID();
    await ingest(app, [ev("trace-create", { id, name: "t", output: "o" })], { key });
    return id;
  };
  const config = async (body: Record<string, unknown>) => {
    const res = await app.call("POST", "/v1/score-configs", { key, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  it("accepts a CATEGORICAL label given as stringValue without value, on ingest and POST /v1/scores", async () => {
    const traceId = await trace();
    const answer = await ingest(
      app,
      [
        ev("score-create", { traceId, name: "tone", stringValue: "friendly" }),
        ev("score-create", { traceId, name: "n", dataType: "NUMERIC", stringValue: "x" }),
      ],
      { key },
    );
    expect(answer.successes).toHaveLength(1);
    expect(answer.errors).toEqual([
      {
        id: expect.any(String),
        status: 400,
        message: "Invalid score-create body: value: only a CATEGORICAL score may leave out value",
      },
    ]);
    const posted = await app.call("POST", "/v1/scores", {
      key,
      body: { traceId, name: "mood", stringValue: "calm", comment: "from the thumbs widget" },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body).toEqual({ id: expect.any(String) });
    await app.drainQueues();
    const scores = await scoresOf(traceId);
    expect(scores.find((s) => s.name === "tone")).toMatchObject({
      dataType: "CATEGORICAL",
      value: null,
      stringValue: "friendly",
      source: "API",
    });
    expect(scores.find((s) => s.name === "mood")).toMatchObject({
      id: posted.body.id,
      dataType: "CATEGORICAL",
      stringValue: "calm",
      source: "API",
      comment: "from the thumbs widget",
    });
  });

  it("POST /v1/scores keeps a given id, takes NUMERIC and BOOLEAN, and refuses bad input with 400 and nothing stored", async () => {
    const traceId = await trace();
    const id = `feedback-${randomUUID()}`;
    expect(
      (await app.call("POST", "/v1/scores", { key, body: { id, traceId, name: "helpful", value: 0.75 } })).body,
    ).toEqual({ id });
    expect((await app.call("POST", "/v1/scores", { key, body: { traceId, name: "thumbs", value: true } })).status).toBe(
      201,
    );
    const noTarget = await app.call("POST", "/v1/scores", { key, body: { name: "x", value: 1 } });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.error.message).toContain("a score needs a traceId or a sessionId");
    const noValue = await app.call("POST", "/v1/scores", { key, body: { traceId, name: "x" } });
    expect(noValue.status).toBe(400);
    await app.drainQueues();
    const scores = await scoresOf(traceId);
    expect(scores.find((s) => s.id === id)).toMatchObject({ name: "helpful", value: 0.75, dataType: "NUMERIC" });
    expect(scores.find((s) => s.name === "thumbs")).toMatchObject({
      value: 1,
      stringValue: "True",
      dataType: "BOOLEAN",
    });
    expect(scores.filter((s) => s.name === "x")).toEqual([]);
  });

  it("enforces a NUMERIC config's range on ingest (per-event 400) and on POST /v1/scores (400); a fit carries the config id", async () => {
    const name = uniq("accuracy");
    const made = await config({ name, dataType: "NUMERIC", min: 0, max: 1, description: "share of facts right" });
    expect(made).toMatchObject({ name, dataType: "NUMERIC", min: 0, max: 1, categories: [], archived: false });
    const dup = await app.call("POST", "/v1/score-configs", { key, body: { name, dataType: "BOOLEAN" } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(`A score config named '${name}' exists: archive it first`);

    const traceId = await trace();
    const answer = await ingest(
      app,
      [ev("score-create", { traceId, name, value: 1.5 }), ev("score-create", { traceId, name, value: 0.5 })],
      { key },
    );
    expect(answer.errors).toEqual([
      {
        id: expect.any(String),
        status: 400,
        message: `Score '${name}' does not fit its config: value 1.5 is above the maximum 1`,
      },
    ]);
    const posted = await app.call("POST", "/v1/scores", { key, body: { traceId, name, value: -1 } });
    expect(posted.status).toBe(400);
    expect(posted.body.error.message).toBe(`Score '${name}' does not fit its config: value -1 is below the minimum 0`);
    const wrongType = await app.call("POST", "/v1/scores", { key, body: { traceId, name, stringValue: "high" } });
    // An untyped score takes its config's type, so a label where a number belongs reads as a missing number.
    expect(wrongType.body.error.message).toBe(
      `Score '${name}' does not fit its config: a NUMERIC score needs a numeric value`,
    );
    const typed = await app.call("POST", "/v1/scores", {
      key,
      body: { traceId, name, dataType: "CATEGORICAL", stringValue: "high" },
    });
    expect(typed.body.error.message).toBe(`Score '${name}' does not fit its config: it is NUMERIC, not CATEGORICAL`);
    await app.drainQueues();
    const stored = (await scoresOf(traceId)).filter((s) => s.name === name);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ value: 0.5, configId: made.id });
  });

  it("enforces a CATEGORICAL config's labels and gives a BOOLEAN config's type to an untyped score; archiving lifts the rule", async () => {
    const label = uniq("verdict");
    const cat = await config({ name: label, dataType: "CATEGORICAL", categories: ["correct", "incorrect"] });
    const flag = uniq("flag");
    await config({ name: flag, dataType: "BOOLEAN" });
    const traceId = await trace();
    const unknown = await app.call("POST", "/v1/scores", { key, body: { traceId, name: label, stringValue: "maybe" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(
      `Score '${label}' does not fit its config: label 'maybe' is not one of 'correct', 'incorrect'`,
    );
    expect(
      (await app.call("POST", "/v1/scores", { key, body: { traceId, name: label, value: "correct" } })).status,
    ).toBe(201);
    expect((await app.call("POST", "/v1/scores", { key, body: { traceId, name: flag, value: 1 } })).status).toBe(201);
    const notBool = await app.call("POST", "/v1/scores", { key, body: { traceId, name: flag, value: 0.5 } });
    expect(notBool.body.error.message).toBe(
      `Score '${flag}' does not fit its config: a BOOLEAN score takes 0, 1, true or false`,
    );

    const archived = await app.call("PATCH", `/v1/score-configs/${cat.id}`, { key, body: { archived: true } });
    expect(archived.body).toMatchObject({ id: cat.id, archived: true });
    expect(
      (await app.call("POST", "/v1/scores", { key, body: { traceId, name: label, stringValue: "maybe" } })).status,
    ).toBe(201);
    const cited = await app.call("POST", "/v1/scores", {
      key,
      body: { traceId, name: label, stringValue: "correct", configId: cat.id },
    });
    expect(cited.body.error.message).toBe(`Score config '${label}' is archived`);
    const list = await app.call("GET", "/v1/score-configs?archived=true", { key });
    expect(list.body.data.map((c: any) => c.id)).toContain(cat.id);
    expect(
      (await app.call("GET", "/v1/score-configs?archived=false", { key })).body.data.map((c: any) => c.id),
    ).not.toContain(cat.id);
    expect((await app.call("PATCH", `/v1/score-configs/${cat.id}`, { key, body: { archived: false } })).status).toBe(
      200,
    );
    expect((await app.call("PATCH", "/v1/score-configs/nope", { key, body: { archived: false } })).status).toBe(404);

    await app.drainQueues();
    const scores = (await scoresOf(traceId)).filter((s) => s.name === flag);
    expect(scores).toEqual([expect.objectContaining({ dataType: "BOOLEAN", value: 1 })]);
    const bad = await app.call("POST", "/v1/score-configs", {
      key,
      body: { name: uniq("c"), dataType: "CATEGORICAL" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("a CATEGORICAL config needs at least one category");
  });

  it("holds EVAL scores to the configs too: a misfit is not written (manual run 422, online run failed with the reason)", async () => {
    const name = uniq("strict");
    await config({ name, dataType: "NUMERIC", min: 0, max: 0.5 });
    const evaluator = uniq("ev");
    const created = await app.call("POST", "/v1/evaluators", {
      key,
      body: { name: evaluator, kind: "CODE", expression: "len(output) / 10", scoreName: name, online: true },
    });
    expect(created.status).toBe(201);
    const id = randomUUID();
    await ingest(app, [ev("trace-create", { id, output: "abcdefgh" })], { key });
    const [failed] = (await app.call("GET", `/v1/evaluators/${evaluator}/executions`, { key })).body.data;
    expect(failed).toMatchObject({
      status: "failed",
      error: `Evaluator '${evaluator}': Score '${name}' does not fit its config: value 0.8 is above the maximum 0.5`,
    });
    const run = await app.call("POST", `/v1/evaluators/${evaluator}/run`, { key, body: { traceId: id } });
    expect(run.status).toBe(422);
    expect((await scoresOf(id)).filter((s) => s.name === name)).toEqual([]);
    const fits = await app.call("POST", `/v1/evaluators/${evaluator}/run`, {
      key,
      body: { traceId: id, output: "abc" },
    });
    expect(fits.status).toBe(200);
    expect(fits.body.score).toMatchObject({ name, value: 0.3 });
  });

  it("DELETE /v1/scores/{id} removes the score (audited); 404 after", async () => {
    const traceId = await trace();
    const { id } = (await app.call("POST", "/v1/scores", { key, body: { traceId, name: "doomed", value: 0.1 } })).body;
    const keep = (await app.call("POST", "/v1/scores", { key, body: { traceId, name: "kept", value: 0.2 } })).body.id;
    await app.drainQueues();
    const res = await app.call("DELETE", `/v1/scores/${id}`, { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: { scores: 1 } });
    // Only the API scores: the online evaluator of the test above scores this trace too.
    const left = (await scoresOf(traceId)).filter((s) => s.source === "API");
    expect(
      left.map((s) => s.id),
      JSON.stringify(left),
    ).toEqual([keep]);
    expect((await app.call("DELETE", `/v1/scores/${id}`, { key })).status).toBe(404);
    const audit = await app.call("GET", "/v1/audit-log", { key });
    expect(audit.body.data[0]).toMatchObject({ action: "score.deleted", target: { type: "score", id } });
  });
});
