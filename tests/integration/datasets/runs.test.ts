import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataset } from "../../support/datasets";
import { at, ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject, uniq } from "../../support/projects";

const score = (traceId: string, name: string, value: unknown, extra: Record<string, unknown> = {}) =>
  ev("score-create", { traceId, name, value, ...extra }, at(1000));
const trace = (id: string) => ev("trace-create", { id, name: "qa", output: "answer" }, at(0));

describe("dataset runs, the comparison matrix and the gate", () => {
  let app: TestApp;
  let key: Key;
  let name: string;
  let t: (id: string) => string;

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    name = await dataset(app, key, {
      items: [
        { id: "i0", input: "q0", expectedOutput: "a0" },
        { id: "i1", input: "q1" },
        { id: "i2", input: { q: 2 } },
      ],
    });
    const prefix = uniq("t");
    t = (id) => `${prefix}-${id}`;
    // Scores go through the public ingest endpoint and the worker, as clients send them.
    await ingest(
      app,
      [
        ...["a0", "a1", "a2", "b0", "b1"].map((id) => trace(t(id))),
        ev("span-create", { id: t("o-a1"), traceId: t("a1"), name: "retrieve" }, at(10)),
        score(t("a0"), "correctness", 1),
        score(t("a0"), "helpful", true, { dataType: "BOOLEAN" }),
        score(t("a0"), "tone", "polite", { dataType: "CATEGORICAL" }),
        score(t("a1"), "correctness", 0.5),
        score(t("a1"), "correctness", 0, { observationId: t("o-a1") }),
        score(t("a2"), "correctness", 0),
        score(t("b0"), "correctness", 1),
        score(t("b1"), "correctness", 1),
      ],
      { key },
    );
  });
  afterAll(() => app?.close());

  it("records a run with its links; reading it gives the means of numeric scores, categorical ones never counted", async () => {
    const res = await app.call("POST", `/v1/datasets/${name}/runs`, {
      key,
      body: {
        runName: "baseline",
        items: ["0", "1", "2"].map((i) => ({ datasetItemId: `i${i}`, traceId: t(`a${i}`) })),
      },
    });
    const read = await app.call("GET", `/v1/datasets/${name}/runs/baseline`, { key });

    expect(res.status).toBe(201);
    expect(read.body).toMatchObject({ datasetName: name, name: "baseline", version: null, remote: false });
    expect(read.body.items.map((i: any) => [i.datasetItemId, i.traceId, i.observationId])).toEqual([
      ["i0", t("a0"), null],
      ["i1", t("a1"), null],
      ["i2", t("a2"), null],
    ]);
    // correctness: 1, 0.5, 0 (observation level) and 0 → 0.375 over 4 values; tone is categorical.
    expect(read.body.scores).toEqual([
      { name: "correctness", mean: 0.375, count: 4 },
      { name: "helpful", mean: 1, count: 1 },
    ]);
  });

  it("links items one at a time with POST /v1/dataset-run-items, creating the run on first use; a re-report replaces the trace", async () => {
    const first = await app.call("POST", "/v1/dataset-run-items", {
      key,
      body: { datasetName: name, runName: "candidate", datasetItemId: "i0", traceId: t("b1") },
    });
    await app.call("POST", "/v1/dataset-run-items", {
      key,
      body: { datasetName: name, runName: "candidate", datasetItemId: "i0", traceId: t("b0") },
    });
    await app.call("POST", "/v1/dataset-run-items", {
      key,
      body: { datasetName: name, runName: "candidate", datasetItemId: "i1", traceId: t("b1"), observationId: "obs-1" },
    });
    const read = await app.call("GET", `/v1/datasets/${name}/runs/candidate`, { key });

    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      datasetName: name,
      runName: "candidate",
      datasetItemId: "i0",
      traceId: t("b1"),
      observationId: null,
    });
    expect(read.body.items.map((i: any) => [i.datasetItemId, i.traceId, i.observationId])).toEqual([
      ["i0", t("b0"), null],
      ["i1", t("b1"), "obs-1"],
    ]);
    expect(read.body.scores).toEqual([{ name: "correctness", mean: 1, count: 2 }]);
  });

  it("compares runs: items × runs with trace ids and score means, and each run's means", async () => {
    const res = await app.call("GET", `/v1/datasets/${name}/compare?runs=baseline,candidate`, { key });

    expect(res.status).toBe(200);
    expect(res.body.runs.map((r: any) => [r.name, r.itemCount, r.scores])).toEqual([
      [
        "baseline",
        3,
        [
          { name: "correctness", mean: 0.375, count: 4 },
          { name: "helpful", mean: 1, count: 1 },
        ],
      ],
      ["candidate", 2, [{ name: "correctness", mean: 1, count: 2 }]],
    ]);
    expect(res.body.items).toEqual([
      {
        id: "i0",
        input: "q0",
        expectedOutput: "a0",
        runs: [
          { traceId: t("a0"), observationId: null, scores: { correctness: 1, helpful: 1 } },
          { traceId: t("b0"), observationId: null, scores: { correctness: 1 } },
        ],
      },
      {
        id: "i1",
        input: "q1",
        expectedOutput: null,
        runs: [
          { traceId: t("a1"), observationId: null, scores: { correctness: 0.25 } },
          { traceId: t("b1"), observationId: "obs-1", scores: { correctness: 1 } },
        ],
      },
      {
        id: "i2",
        input: { q: 2 },
        expectedOutput: null,
        runs: [{ traceId: t("a2"), observationId: null, scores: { correctness: 0 } }, null],
      },
    ]);
    expect(res.body.nextCursor).toBeNull();
  });

  it("pages the matrix and refuses unknown runs", async () => {
    const page = await app.call("GET", `/v1/datasets/${name}/compare?runs=candidate&limit=2`, { key });
    const next = await app.call(
      "GET",
      `/v1/datasets/${name}/compare?runs=candidate&limit=2&cursor=${page.body.nextCursor}`,
      { key },
    );
    const unknown = await app.call("GET", `/v1/datasets/${name}/compare?runs=baseline,nope`, { key });
    const none = await app.call("GET", `/v1/datasets/${name}/compare?runs=`, { key });

    expect(page.body.items.map((i: any) => i.id)).toEqual(["i0", "i1"]);
    expect(next.body.items.map((i: any) => i.id)).toEqual(["i2"]);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(`run 'nope' of dataset '${name}' not found`);
    expect(none.status).toBe(400);
  });

  it("gates a run on minimum means: passes, regresses, and fails a score with no numeric value", async () => {
    const pass = await app.call("POST", `/v1/datasets/${name}/runs/baseline/gate`, {
      key,
      body: { thresholds: { correctness: 0.375, helpful: 0.9 } },
    });
    const regress = await app.call("POST", `/v1/datasets/${name}/runs/baseline/gate`, {
      key,
      body: { thresholds: { correctness: 0.5, helpful: 0.9 } },
    });
    const categorical = await app.call("POST", `/v1/datasets/${name}/runs/baseline/gate`, {
      key,
      body: { thresholds: { tone: 0 } },
    });

    expect(pass.body).toEqual({
      passed: true,
      results: [
        { scoreName: "correctness", mean: 0.375, threshold: 0.375, count: 4, passed: true },
        { scoreName: "helpful", mean: 1, threshold: 0.9, count: 1, passed: true },
      ],
    });
    expect(regress.body.passed).toBe(false);
    expect(regress.body.results[0]).toEqual({
      scoreName: "correctness",
      mean: 0.375,
      threshold: 0.5,
      count: 4,
      passed: false,
    });
    expect(categorical.body).toEqual({
      passed: false,
      results: [{ scoreName: "tone", mean: null, threshold: 0, count: 0, passed: false }],
    });
  });

  it("answers 409 for a taken run name, 404 for unknown datasets, runs and items, 400 without thresholds", async () => {
    const taken = await app.call("POST", `/v1/datasets/${name}/runs`, { key, body: { runName: "baseline" } });
    const unknownItem = await app.call("POST", `/v1/datasets/${name}/runs`, {
      key,
      body: {
        runName: "other",
        items: [
          { datasetItemId: "i0", traceId: "x" },
          { datasetItemId: "ghost", traceId: "y" },
        ],
      },
    });
    const unknownRun = await app.call("GET", `/v1/datasets/${name}/runs/ghost`, { key });
    const unknownDataset = await app.call("POST", "/v1/dataset-run-items", {
      key,
      body: { datasetName: "ghost", runName: "r", datasetItemId: "i0", traceId: "x" },
    });
    const unknownLink = await app.call("POST", "/v1/dataset-run-items", {
      key,
      body: { datasetName: name, runName: "r", datasetItemId: "ghost", traceId: "x" },
    });
    const noThresholds = await app.call("POST", `/v1/datasets/${name}/runs/baseline/gate`, {
      key,
      body: { thresholds: {} },
    });
    const versioned = await app.call("POST", `/v1/datasets/${name}/runs`, {
      key,
      body: { runName: "v2-run", version: "v2", metadata: { model: "m" } },
    });

    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(
      `Run 'baseline' of dataset '${name}' already exists: add items with POST /v1/dataset-run-items`,
    );
    expect(unknownItem.status).toBe(404);
    expect(unknownItem.body.error.message).toBe(`dataset item 'ghost' not found in dataset '${name}'`);
    expect((await app.call("GET", `/v1/datasets/${name}/runs/other`, { key })).status).toBe(404);
    expect(unknownRun.body.error.message).toBe(`run 'ghost' of dataset '${name}' not found`);
    expect(unknownDataset.status).toBe(404);
    expect(unknownLink.status).toBe(404);
    expect((await app.call("GET", `/v1/datasets/${name}/runs/r`, { key })).status).toBe(404);
    expect(noThresholds.status).toBe(400);
    expect(versioned.body).toMatchObject({
      name: "v2-run",
      version: "v2",
      metadata: { model: "m" },
      items: [],
      scores: [],
    });
  });

  it("keeps runs apart by project; the gate needs only a VIEWER key", async () => {
    const other = await newProject(app);
    const viewer = (await app.call("POST", "/v1/api-keys", { key, body: { role: "VIEWER" } })).body;

    const foreign = await app.call("GET", `/v1/datasets/${name}/runs/baseline`, { key: other });
    const foreignGate = await app.call("POST", `/v1/datasets/${name}/runs/baseline/gate`, {
      key: other,
      body: { thresholds: { correctness: 0 } },
    });
    const viewerGate = await app.call("POST", `/v1/datasets/${name}/runs/baseline/gate`, {
      key: viewer,
      body: { thresholds: { correctness: 0 } },
    });
    const viewerWrite = await app.call("POST", "/v1/dataset-run-items", {
      key: viewer,
      body: { datasetName: name, runName: "x", datasetItemId: "i0", traceId: "t" },
    });
    const detail = await app.call("GET", `/v1/datasets/${name}`, { key: viewer });

    expect(foreign.status).toBe(404);
    expect(foreignGate.status).toBe(404);
    expect(viewerGate.status).toBe(200);
    expect(viewerWrite.status).toBe(403);
    expect(detail.body.runs.map((r: any) => [r.name, r.itemCount, r.remote])).toEqual(
      expect.arrayContaining([
        ["baseline", 3, false],
        ["candidate", 2, false],
      ]),
    );
  });
});
