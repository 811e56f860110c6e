import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { newProject } from "../../support/projects";

type Key = Awaited<ReturnType<typeof newProject>>;

describe("Langfuse dataset families over HTTP (/api/public)", () => {
  let app: TestApp;
  let key: Key;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = (method: string, path: string, body?: unknown) => app.call(method, path, { key, body });
  const item = async (body: Record<string, unknown>) => {
    const res = await call("POST", "/api/public/dataset-items", body);
    if (res.status !== 200) throw new Error(`item not created: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  it("creates a dataset in Langfuse's shape, with the item schema's halves", async () => {
    key = await newProject(app);

    const res = await call("POST", "/api/public/v2/datasets", {
      name: "qa",
      description: "Q&A",
      metadata: { team: "a" },
      inputSchema: { type: "object", required: ["question"] },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: "qa",
      description: "Q&A",
      metadata: { team: "a" },
      inputSchema: { type: "object", required: ["question"] },
      expectedOutputSchema: null,
      projectId: key.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("updates the dataset of that name on a second create, keeping what is not given", async () => {
    key = await newProject(app);
    const first = await call("POST", "/api/public/v2/datasets", { name: "qa", description: "one", metadata: { v: 1 } });

    const second = await call("POST", "/api/public/datasets", { name: "qa", metadata: { v: 2 } });

    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, description: "one", metadata: { v: 2 } });
  });

  it("answers the legacy create with Langfuse's v1 shape (items and runs always empty), the v2 create without them", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/datasets", { name: "qa" });
    await item({ datasetName: "qa", id: "i1", input: "x" });
    await call("POST", "/api/public/dataset-run-items", { runName: "r1", datasetItemId: "i1", traceId: "t-1" });

    const legacy = await call("POST", "/api/public/datasets", { name: "qa", description: "again" });
    const v2 = await call("POST", "/api/public/v2/datasets", { name: "qa" });

    expect(legacy.status).toBe(200);
    expect(legacy.body).toEqual({
      id: v2.body.id,
      name: "qa",
      description: "again",
      metadata: null,
      inputSchema: null,
      expectedOutputSchema: null,
      projectId: key.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      items: [],
      runs: [],
    });
    expect(Object.keys(v2.body).sort()).toEqual([
      "createdAt",
      "description",
      "expectedOutputSchema",
      "id",
      "inputSchema",
      "metadata",
      "name",
      "projectId",
      "updatedAt",
    ]);
  });

  it("refuses a JSON-Schema keyword outside the item-schema subset, creating nothing", async () => {
    key = await newProject(app);

    const res = await call("POST", "/api/public/v2/datasets", {
      name: "qa",
      inputSchema: { type: "object", minProperties: 1 },
    });
    const list = await call("GET", "/api/public/v2/datasets");

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "InvalidRequestError", code: "invalid_input" });
    expect(list.body.meta.totalItems).toBe(0);
  });

  it("lists datasets newest first by page, and a page past the end is empty with the true meta", async () => {
    key = await newProject(app);
    for (const name of ["a", "b", "c"]) await call("POST", "/api/public/v2/datasets", { name });

    const first = await call("GET", "/api/public/v2/datasets?limit=2");
    const past = await call("GET", "/api/public/v2/datasets?page=3&limit=2");

    expect(first.body.data.map((d: { name: string }) => d.name)).toEqual(["c", "b"]);
    expect(first.body.meta).toEqual({ page: 1, limit: 2, totalItems: 3, totalPages: 2 });
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ data: [], meta: { page: 3, limit: 2, totalItems: 3, totalPages: 2 } });
  });

  it("answers 404 in Langfuse's body for an unknown dataset, an encoded slash included", async () => {
    key = await newProject(app);

    const plain = await call("GET", "/api/public/v2/datasets/nope");
    const slashed = await call("GET", `/api/public/v2/datasets/${encodeURIComponent("team/qa")}`);

    expect(plain.status).toBe(404);
    expect(plain.body).toEqual({
      message: "dataset 'nope' not found",
      error: "LangfuseNotFoundError",
      code: "not_found",
    });
    expect(slashed.status).toBe(404);
    expect(slashed.body.message).toBe("dataset 'team/qa' not found");
  });

  it("creates an item and reads it back by id and in the dataset's list", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/datasets", { name: "qa" });

    const created = await item({
      datasetName: "qa",
      id: "i1",
      input: { question: "2+2?" },
      expectedOutput: "4",
      metadata: { k: 1 },
      sourceTraceId: "t-1",
    });
    const got = await call("GET", "/api/public/dataset-items/i1");
    const list = await call("GET", "/api/public/dataset-items?datasetName=qa");

    expect(created).toEqual({
      id: "i1",
      status: "ACTIVE",
      input: { question: "2+2?" },
      expectedOutput: "4",
      metadata: { k: 1 },
      sourceTraceId: "t-1",
      sourceObservationId: null,
      datasetId: expect.any(String),
      datasetName: "qa",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      mediaReferences: [],
    });
    expect(got.body).toEqual(created);
    expect(list.body).toEqual({ data: [created], meta: { page: 1, limit: 50, totalItems: 1, totalPages: 1 } });
  });

  it("upserts by id: given fields change, others stay, and the status can archive it", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/datasets", { name: "qa" });
    await item({ datasetName: "qa", id: "i1", input: "one", expectedOutput: "1" });

    const updated = await item({ datasetName: "qa", id: "i1", expectedOutput: "uno", status: "ARCHIVED" });
    const list = await call("GET", "/api/public/dataset-items?datasetName=qa");

    expect(updated).toMatchObject({ id: "i1", input: "one", expectedOutput: "uno", status: "ARCHIVED" });
    expect(list.body.meta.totalItems).toBe(1);
  });

  it("refuses an item id another dataset of the project holds (409), writing nothing", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/datasets", { name: "a" });
    await call("POST", "/api/public/v2/datasets", { name: "b" });
    await item({ datasetName: "a", id: "shared", input: "x" });

    const res = await call("POST", "/api/public/dataset-items", { datasetName: "b", id: "shared", input: "y" });
    const inB = await call("GET", "/api/public/dataset-items?datasetName=b");

    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message:
        "Dataset item id 'shared' already exists in another dataset ('a') of this project; item ids are unique per project across datasets. Use a different id or target dataset 'a'",
      error: "ConflictError",
      code: "conflict",
    });
    expect(inB.body.meta.totalItems).toBe(0);
  });

  it("refuses a new item without input (400) and an unknown dataset (404)", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/datasets", { name: "qa" });

    const noInput = await call("POST", "/api/public/dataset-items", { datasetName: "qa", expectedOutput: "x" });
    const unknown = await call("POST", "/api/public/dataset-items", { datasetName: "nope", input: "x" });

    expect(noInput.status).toBe(400);
    expect(noInput.body).toEqual({
      message: "Invalid dataset item: input required",
      error: "InvalidRequestError",
      code: "invalid_input",
      details: { errors: [{ field: "input", message: "required" }] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("dataset 'nope' not found");
  });

  it("lists items by the trace they were copied from, across datasets", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/datasets", { name: "a" });
    await call("POST", "/api/public/v2/datasets", { name: "b" });
    await item({ datasetName: "a", id: "1", input: "x", sourceTraceId: "t-1" });
    await item({ datasetName: "b", id: "2", input: "y", sourceTraceId: "t-1", sourceObservationId: "o-1" });
    await item({ datasetName: "b", id: "3", input: "z" });

    const byTrace = await call("GET", "/api/public/dataset-items?sourceTraceId=t-1");
    const byObservation = await call("GET", "/api/public/dataset-items?sourceObservationId=o-1");

    expect(byTrace.body.data.map((i: { id: string }) => i.id)).toEqual(["1", "2"]);
    expect(byObservation.body.data.map((i: { id: string }) => i.id)).toEqual(["2"]);
  });

  it("refuses a dataset version on the item list: items are not versioned here", async () => {
    key = await newProject(app);

    const res = await call("GET", "/api/public/dataset-items?datasetName=qa&version=2026-01-01T00:00:00Z");

    expect(res.status).toBe(400);
    expect(res.body.message).toContain("Dataset versions are not kept");
  });

  it("deletes an item; a second delete and a read are 404", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/datasets", { name: "qa" });
    await item({ datasetName: "qa", id: "i1", input: "x" });

    const deleted = await call("DELETE", "/api/public/dataset-items/i1");
    const again = await call("DELETE", "/api/public/dataset-items/i1");
    const read = await call("GET", "/api/public/dataset-items/i1");

    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Dataset item successfully deleted" });
    expect(again.status).toBe(404);
    expect(read.body).toEqual({
      message: "Dataset item 'i1' not found",
      error: "LangfuseNotFoundError",
      code: "not_found",
    });
  });

  it("creates a run on its first run item, with description and metadata, and reads it back with its items", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/datasets", { name: "qa" });
    await item({ datasetName: "qa", id: "i1", input: "x" });
    await item({ datasetName: "qa", id: "i2", input: "y" });

    const first = await call("POST", "/api/public/dataset-run-items", {
      runName: "r1",
      runDescription: "baseline",
      metadata: { model: "m" },
      datasetItemId: "i1",
      traceId: "t-1",
      observationId: "o-1",
    });
    await call("POST", "/api/public/dataset-run-items", {
      runName: "r1",
      runDescription: "ignored",
      datasetItemId: "i2",
      traceId: "t-2",
    });
    const run = await call("GET", "/api/public/datasets/qa/runs/r1");
    const runs = await call("GET", "/api/public/datasets/qa/runs");
    const runItems = await call(
      "GET",
      `/api/public/dataset-run-items?datasetId=${run.body.datasetId}&runName=r1&limit=1&page=2`,
    );

    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: `${first.body.datasetRunId}:i1`,
      datasetRunId: expect.any(String),
      datasetRunName: "r1",
      datasetItemId: "i1",
      traceId: "t-1",
      observationId: "o-1",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(run.body).toMatchObject({
      id: first.body.datasetRunId,
      name: "r1",
      description: "baseline",
      metadata: { model: "m" },
      datasetName: "qa",
    });
    expect(
      run.body.datasetRunItems.map((i: { datasetItemId: string; traceId: string }) => [i.datasetItemId, i.traceId]),
    ).toEqual([
      ["i1", "t-1"],
      ["i2", "t-2"],
    ]);
    expect(runs.body).toEqual({
      data: [expect.objectContaining({ name: "r1" })],
      meta: { page: 1, limit: 50, totalItems: 1, totalPages: 1 },
    });
    expect(runItems.body.data.map((i: { datasetItemId: string }) => i.datasetItemId)).toEqual(["i2"]);
    expect(runItems.body.meta).toEqual({ page: 2, limit: 1, totalItems: 2, totalPages: 2 });
  });

  it("refuses a run item without a trace (400) or for an unknown item (404), creating no run", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/datasets", { name: "qa" });
    await item({ datasetName: "qa", id: "i1", input: "x" });

    const noTrace = await call("POST", "/api/public/dataset-run-items", {
      runName: "r1",
      datasetItemId: "i1",
      observationId: "o-1",
    });
    const unknown = await call("POST", "/api/public/dataset-run-items", {
      runName: "r1",
      datasetItemId: "nope",
      traceId: "t-1",
    });
    const runs = await call("GET", "/api/public/datasets/qa/runs");

    expect(noTrace.status).toBe(400);
    expect(noTrace.body.message).toContain("traceId is required");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Dataset item 'nope' not found");
    expect(runs.body.meta.totalItems).toBe(0);
  });

  it("answers 404 for an unknown run, and deletes a run with its items", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/datasets", { name: "qa" });
    await item({ datasetName: "qa", id: "i1", input: "x" });
    await call("POST", "/api/public/dataset-run-items", { runName: "r1", datasetItemId: "i1", traceId: "t-1" });

    const unknown = await call("GET", "/api/public/datasets/qa/runs/nope");
    const deleted = await call("DELETE", "/api/public/datasets/qa/runs/r1");
    const after = await call("GET", "/api/public/datasets/qa/runs/r1");

    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      message: "run 'nope' of dataset 'qa' not found",
      error: "LangfuseNotFoundError",
      code: "not_found",
    });
    expect(deleted.body).toEqual({ message: "Dataset run successfully deleted" });
    expect(after.status).toBe(404);
  });

  it("refuses to delete a run Sightline is still executing (409), deleting it once cancelled", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/datasets", { name: "qa" });
    await item({ datasetName: "qa", id: "i1", input: { question: "?" } });
    await call("POST", "/v1/prompts", { name: "ask", type: "TEXT", content: "{{question}}", labels: ["production"] });
    const started = await call("POST", "/v1/datasets/qa/experiments", {
      runName: "served",
      prompt: { name: "ask" },
      provider: "mock",
      model: "m",
      mapping: { question: "input.question" },
    });

    const refused = await call("DELETE", "/api/public/datasets/qa/runs/served");
    await call("POST", "/v1/datasets/qa/runs/served/cancel");
    const deleted = await call("DELETE", "/api/public/datasets/qa/runs/served");

    expect(started.status).toBe(202);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: "ConflictError",
      message:
        "Run 'served' of dataset 'qa' is still running: cancel it first (POST /v1/datasets/qa/runs/served/cancel)",
    });
    expect(deleted.body).toEqual({ message: "Dataset run successfully deleted" });
  });

  it("keeps each project's datasets to itself", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/datasets", { name: "qa" });
    await item({ datasetName: "qa", id: "i1", input: "x" });
    key = await newProject(app);

    const dataset = await call("GET", "/api/public/v2/datasets/qa");
    const found = await call("GET", "/api/public/dataset-items/i1");

    expect(dataset.status).toBe(404);
    expect(found.status).toBe(404);
  });

  it("serves Langfuse's v1 dataset reads: the list with item ids and run names, the read with whole items", async () => {
    key = await newProject(app);
    await call("POST", "/api/public/v2/datasets", { name: "older" });
    await call("POST", "/api/public/v2/datasets", { name: "qa", description: "Q&A" });
    await item({ datasetName: "qa", id: "i1", input: "x", expectedOutput: "X" });
    await item({ datasetName: "qa", id: "i2", input: "y" });
    await call("POST", "/api/public/dataset-run-items", { runName: "r1", datasetItemId: "i1", traceId: "t-1" });

    await new Promise((resolve) => setTimeout(resolve, 5)); // r2 is newer by the clock, not by a tie of ids
    await call("POST", "/api/public/dataset-run-items", { runName: "r2", datasetItemId: "i2", traceId: "t-2" });

    const list = await call("GET", "/api/public/datasets?limit=1");
    const both = await call("GET", "/api/public/datasets");
    const read = await call("GET", "/api/public/datasets/qa");
    const unknown = await call("GET", "/api/public/datasets/nope");

    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ page: 1, limit: 1, totalItems: 2, totalPages: 2 });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        name: "qa",
        description: "Q&A",
        projectId: key.id,
        items: ["i1", "i2"],
        runs: ["r2", "r1"],
      }),
    ]);
    expect(
      both.body.data.map((d: { name: string; items: string[]; runs: string[] }) => [d.name, d.items, d.runs]),
    ).toEqual([
      ["qa", ["i1", "i2"], ["r2", "r1"]],
      ["older", [], []],
    ]);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name: "qa", runs: ["r2", "r1"] });
    expect(read.body.items).toEqual([
      expect.objectContaining({ id: "i1", input: "x", expectedOutput: "X", datasetName: "qa", status: "ACTIVE" }),
      expect.objectContaining({ id: "i2", input: "y", expectedOutput: null }),
    ]);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: "LangfuseNotFoundError", message: "dataset 'nope' not found" });
  });
});
