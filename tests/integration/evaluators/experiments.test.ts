import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataset } from "../../support/datasets";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject, uniq } from "../../support/projects";

/*
 * Experiments end to end (docs/evaluators.md, "Experiments"): evaluators named on a dataset run score each run
 * item's trace once it has an output, with dataset.* bound to the item, and the gate reads those scores.
 */
describe("experiments", () => {
  let app: TestApp;
  let key: Key;

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const ITEMS = [
    { id: "q1", input: { question: "2+2" }, expectedOutput: "4", metadata: { level: "easy" } },
    { id: "q2", input: { question: "3*3" }, expectedOutput: "9", metadata: { level: "easy" } },
    { id: "q3", input: { question: "10/4" }, expectedOutput: "2.5", metadata: { level: "hard" } },
    { id: "q4", input: { question: "2^10" }, expectedOutput: "1024", metadata: { level: "hard" } },
  ];
  const ANSWERS: Record<string, string> = { q1: "4", q2: "9", q3: "2", q4: "1000" };

  async function evaluator(body: Record<string, unknown>): Promise<string> {
    const name = uniq("exp");
    const res = await app.call("POST", "/v1/evaluators", { key, body: { name, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return name;
  }
  const exact = () => evaluator({ kind: "CODE", expression: "exactMatch(output, expected)", scoreName: "exact" });
  // dataset.input and dataset.metadata bound by mapping: the question must appear in the trace's input.
  const grounded = () =>
    evaluator({
      kind: "CODE",
      expression: "contains(asked, question) and level != null",
      scoreName: "grounded",
      variableMapping: [
        { variable: "question", source: "dataset.input", jsonPath: "question" },
        { variable: "level", source: "dataset.metadata", jsonPath: "level" },
        { variable: "asked", source: "trace.input" },
      ],
    });
  const traces = (run: string) =>
    Object.fromEntries(ITEMS.map((i) => [i.id, `${run}-${i.id}-${randomUUID().slice(0, 6)}`]));
  const answer = (ids: Record<string, string>) =>
    ingest(
      app,
      ITEMS.map((i) =>
        ev("trace-create", { id: ids[i.id], name: "math", input: `Q: ${i.input.question}`, output: ANSWERS[i.id] }),
      ),
      { key },
    );
  const gate = (name: string, run: string, thresholds: Record<string, number>) =>
    app.call("POST", `/v1/datasets/${name}/runs/${run}/gate`, { key, body: { thresholds } });
  const evalScoresOf = async (traceId: string) =>
    ((await app.call("GET", `/v1/traces/${traceId}`, { key })).body.scores as any[]).filter((s) => s.source === "EVAL");

  it("a run recorded before its traces: scored once each output arrives, with dataset.* bound; the gate reads the scores", async () => {
    const name = await dataset(app, key, { items: ITEMS });
    const [exactName, groundedName] = [await exact(), await grounded()];
    const ids = traces("before");
    const recorded = await app.call("POST", `/v1/datasets/${name}/runs`, {
      key,
      body: {
        runName: "before",
        evaluators: [exactName, groundedName],
        items: ITEMS.map((i) => ({ datasetItemId: i.id, traceId: ids[i.id] })),
      },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    await app.drainQueues();
    expect((await app.call("GET", `/v1/datasets/${name}/runs/before`, { key })).body.scores).toEqual([]);

    await answer(ids);
    const run = await app.call("GET", `/v1/datasets/${name}/runs/before`, { key });
    expect(run.body.scores).toEqual([
      { name: "exact", mean: 0.5, count: 4 },
      { name: "grounded", mean: 1, count: 4 },
    ]);
    const [q3] = (await evalScoresOf(ids.q3!)).filter((s) => s.name === "exact");
    expect(q3).toMatchObject({ value: 0, source: "EVAL", traceId: ids.q3 });

    const failing = await gate(name, "before", { exact: 0.75, grounded: 1 });
    expect(failing.body).toMatchObject({
      passed: false,
      results: [
        { scoreName: "exact", mean: 0.5, threshold: 0.75, count: 4, passed: false },
        { scoreName: "grounded", passed: true },
      ],
    });
    expect((await gate(name, "before", { exact: 0.5 })).body.passed).toBe(true);

    const log = (await app.call("GET", `/v1/evaluators/${exactName}/executions?trigger=experiment`, { key })).body.data;
    expect(log).toHaveLength(4);
    expect(log.every((e: any) => e.status === "completed")).toBe(true);
    // A redelivered output overwrites the same scores: still four per evaluator.
    await answer(ids);
    expect((await app.call("GET", `/v1/datasets/${name}/runs/before`, { key })).body.scores[0]).toEqual({
      name: "exact",
      mean: 0.5,
      count: 4,
    });
  });

  it("opens no transaction for a delivery of a project with nothing waiting, and still releases what a run recorded afterwards", async () => {
    const other = await newProject(app);
    const db = app.deps.db;
    const transaction = db.transaction.bind(db);
    let transactions = 0;
    db.transaction = ((...args: Parameters<typeof transaction>) => {
      transactions++;
      return transaction(...args);
    }) as typeof db.transaction;
    try {
      // Nothing waits in this project: the worker's answer "nothing to release" is cached by now.
      await ingest(app, [ev("trace-create", { id: randomUUID(), name: "warm", output: "x" })], { key: other });
      transactions = 0;
      await ingest(app, [ev("trace-create", { id: randomUUID(), name: "plain", output: "y" })], { key: other });
      expect(transactions).toBe(0);
    } finally {
      db.transaction = transaction;
    }

    const name = await dataset(app, other, { items: ITEMS });
    const res = await app.call("POST", "/v1/evaluators", {
      key: other,
      body: { name: uniq("exp"), kind: "CODE", expression: "exactMatch(output, expected)", scoreName: "exact" },
    });
    expect(res.status).toBe(201);
    const ids = traces("later");
    const recorded = await app.call("POST", `/v1/datasets/${name}/runs`, {
      key: other,
      body: {
        runName: "later",
        evaluators: [res.body.name],
        items: ITEMS.map((i) => ({ datasetItemId: i.id, traceId: ids[i.id] })),
      },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    await ingest(
      app,
      ITEMS.map((i) => ev("trace-create", { id: ids[i.id], name: "math", output: ANSWERS[i.id] })),
      { key: other },
    );

    expect((await app.call("GET", `/v1/datasets/${name}/runs/later`, { key: other })).body.scores).toEqual([
      { name: "exact", mean: 0.5, count: 4 },
    ]);
  });

  it("POST …/runs/{run}/evaluate scores an existing run: 202 at once, queued for outputs already stored, items linked later scored too", async () => {
    const name = await dataset(app, key, { items: ITEMS });
    const exactName = await exact();
    const ids = traces("later");
    await answer(ids);
    const firstThree = ITEMS.slice(0, 3).map((i) => ({ datasetItemId: i.id, traceId: ids[i.id] }));
    expect(
      (await app.call("POST", `/v1/datasets/${name}/runs`, { key, body: { runName: "later", items: firstThree } }))
        .status,
    ).toBe(201);

    const res = await app.call("POST", `/v1/datasets/${name}/runs/later/evaluate`, {
      key,
      body: { evaluators: [exactName] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({
      datasetName: name,
      runName: "later",
      evaluators: [exactName],
      items: 3,
      queued: 3,
      waiting: 0,
    });
    await app.drainQueues();
    expect((await app.call("GET", `/v1/datasets/${name}/runs/later`, { key })).body.scores).toEqual([
      { name: "exact", mean: 2 / 3, count: 3 },
    ]);

    // The fourth item, linked afterwards (as a runner reports it), is scored by the run's evaluators.
    const linked = await app.call("POST", "/v1/dataset-run-items", {
      key,
      body: { datasetName: name, runName: "later", datasetItemId: "q4", traceId: ids.q4 },
    });
    expect(linked.status).toBe(201);
    await app.drainQueues();
    expect((await app.call("GET", `/v1/datasets/${name}/runs/later`, { key })).body.scores).toEqual([
      { name: "exact", mean: 0.5, count: 4 },
    ]);
  });

  it("judges experiments through the mock provider", async () => {
    const name = await dataset(app, key, { items: ITEMS.slice(0, 2) });
    const judge = await evaluator({
      prompt: "Is {{output}} the answer {{expectedOutput}}?",
      provider: "mock",
      model: "mock-judge",
      scoreName: "judged",
    });
    const ids = traces("judged");
    await answer(ids);
    const res = await app.call("POST", `/v1/datasets/${name}/runs`, {
      key,
      body: {
        runName: "judged",
        evaluators: [judge],
        items: ITEMS.slice(0, 2).map((i) => ({ datasetItemId: i.id, traceId: ids[i.id] })),
      },
    });
    expect(res.status).toBe(201);
    await app.drainQueues();
    const run = await app.call("GET", `/v1/datasets/${name}/runs/judged`, { key });
    expect(run.body.scores).toHaveLength(1);
    expect(run.body.scores[0]).toMatchObject({ name: "judged", count: 2 });
  });

  it("refuses unknown and thread-scope evaluators before recording anything", async () => {
    const name = await dataset(app, key, { items: ITEMS.slice(0, 1) });
    const thread = await evaluator({ kind: "CODE", expression: "len(input) > 0", scope: "thread" });
    const unknown = await app.call("POST", `/v1/datasets/${name}/runs`, {
      key,
      body: { runName: "r1", evaluators: ["no-such-evaluator"], items: [] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain("no-such-evaluator");
    const threaded = await app.call("POST", `/v1/datasets/${name}/runs`, {
      key,
      body: { runName: "r1", evaluators: [thread], items: [] },
    });
    expect(threaded.status).toBe(400);
    expect(threaded.body.error.message).toBe(
      `Evaluator '${thread}' has thread scope: it judges whole sessions, not a run's items`,
    );
    expect((await app.call("GET", `/v1/datasets/${name}/runs/r1`, { key })).status).toBe(404);
    const evaluate = await app.call("POST", `/v1/datasets/${name}/runs/nope/evaluate`, {
      key,
      body: { evaluators: [await exact()] },
    });
    expect(evaluate.status).toBe(404);
    const empty = await app.call("POST", `/v1/datasets/${name}/runs/nope/evaluate`, { key, body: { evaluators: [] } });
    expect(empty.status).toBe(400);
  });
});
