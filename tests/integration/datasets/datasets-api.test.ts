import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataset } from "../../support/datasets";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject, uniq } from "../../support/projects";

const SCHEMA = {
  input: {
    required: ["question", "lang"],
    properties: { question: { type: "string" }, lang: { type: "string", enum: ["en", "fr"] }, k: { type: "integer" } },
  },
  expectedOutput: { type: "string" },
};

describe("datasets, items and the item schema", () => {
  let app: TestApp;
  let key: Key;
  let viewer: Key;

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    viewer = (await app.call("POST", "/v1/api-keys", { key, body: { role: "VIEWER" } })).body;
  });
  afterAll(() => app?.close());

  it("creates, lists and reads datasets; a taken name is 409, an unknown one 404", async () => {
    const name = uniq("qa");

    const created = await app.call("POST", "/v1/datasets", {
      key,
      body: { name, description: "questions", metadata: { team: "search" } },
    });
    const again = await app.call("POST", "/v1/datasets", { key, body: { name } });
    const list = await app.call("GET", "/v1/datasets", { key: viewer });
    const detail = await app.call("GET", `/v1/datasets/${name}`, { key: viewer });
    const missing = await app.call("GET", "/v1/datasets/nope");

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name,
      description: "questions",
      metadata: { team: "search" },
      schema: null,
      runner: null,
      items: [],
      itemCount: 0,
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: "conflict", message: `Dataset '${name}' already exists` });
    expect(list.body.data.map((d: any) => [d.name, d.itemCount])).toContainEqual([name, 0]);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      name,
      description: "questions",
      schema: null,
      runner: null,
      runs: [],
      items: [],
      nextCursor: null,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: "not_found", message: "dataset 'nope' not found" });
  });

  it("keeps items: input as an object or a bare string, expected output, metadata, ids; an id given again replaces the item", async () => {
    const name = await dataset(app, key);

    const added = await app.call("POST", `/v1/datasets/${name}/items`, {
      key,
      body: {
        items: [
          { input: { question: "2+2?" }, expectedOutput: "4", metadata: { source: "math" } },
          { id: "capital", input: "Capital of France?" },
          { input: [1, 2], expectedOutput: { answer: 3 } },
        ],
      },
    });
    const replaced = await app.call("POST", `/v1/datasets/${name}/items`, {
      key,
      body: { items: [{ id: "capital", input: "Capital of Italy?", expectedOutput: "Rome" }] },
    });
    const detail = await app.call("GET", `/v1/datasets/${name}`, { key });

    expect(added.body).toEqual({ added: 3, rejected: 0, errors: [] });
    expect(replaced.body).toEqual({ added: 1, rejected: 0, errors: [] });
    expect(detail.body.itemCount).toBe(3);
    expect(detail.body.items.map((i: any) => [i.input, i.expectedOutput, i.metadata])).toEqual([
      [{ question: "2+2?" }, "4", { source: "math" }],
      ["Capital of Italy?", "Rome", null],
      [[1, 2], { answer: 3 }, null],
    ]);
    expect(detail.body.items[1].id).toBe("capital");
    expect(detail.body.items[0].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("accepts valid items and rejects invalid ones with index, dotted field and the messages of docs/datasets.md", async () => {
    const name = await dataset(app, key, { schema: SCHEMA });

    const res = await app.call("POST", `/v1/datasets/${name}/items`, {
      key,
      body: {
        items: [
          { input: { question: "ok?", lang: "en", extra: "undeclared fields are allowed" }, expectedOutput: "yes" },
          { input: { lang: "en" } },
          { input: { question: "Bonjour?", lang: "de" } },
          { input: { question: 42, lang: "fr", k: 1.5 }, expectedOutput: 7 },
          { input: "a bare string" },
          { expectedOutput: "no input" },
          "not an object",
          { input: { question: "q", lang: "fr" }, expectedOutput: null },
        ],
      },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      added: 2,
      rejected: 6,
      errors: [
        { index: 1, field: "input.question", message: "required" },
        { index: 2, field: "input.lang", message: "must be one of: en, fr" },
        { index: 3, field: "input.question", message: "must be of type string" },
        { index: 3, field: "input.k", message: "must be of type integer" },
        { index: 3, field: "expectedOutput", message: "must be of type string" },
        { index: 4, field: "input", message: "must be of type object" },
        { index: 5, field: "input", message: "required" },
        { index: 6, field: "item", message: "must be of type object" },
      ],
    });
    expect((await app.call("GET", `/v1/datasets/${name}`, { key })).body.itemCount).toBe(2);
  });

  it("reports every missing required field, joins enum values with a comma and a space, and refuses duplicate ids in one request", async () => {
    const name = await dataset(app, key, {
      schema: { input: { required: ["a", "b"], properties: { level: { enum: [1, 2, "three", true] } } } },
    });

    const res = await app.call("POST", `/v1/datasets/${name}/items`, {
      key,
      body: {
        items: [
          { input: {} },
          { input: { a: 1, b: null, level: 4 } },
          { id: "x", input: { a: 1, b: 2 } },
          { id: "x", input: { a: 1, b: 2 } },
        ],
      },
    });

    expect(res.body.errors).toEqual([
      { index: 0, field: "input.a", message: "required" },
      { index: 0, field: "input.b", message: "required" },
      { index: 1, field: "input.level", message: "must be one of: 1, 2, three, true" },
      { index: 3, field: "id", message: "appears twice in this request" },
    ]);
    expect(res.body).toMatchObject({ added: 1, rejected: 3 });
  });

  it("declares a schema without re-validating stored items; the check counts the items that would fail", async () => {
    const name = await dataset(app, key, {
      items: [
        { input: { question: "q1", lang: "en" } },
        { input: { question: "q2" } },
        { input: "bare" },
        { input: { question: "q3", lang: "es" } },
      ],
    });

    const unchecked = await app.call("GET", `/v1/datasets/${name}/schema/check`, { key: viewer });
    const declared = await app.call("PUT", `/v1/datasets/${name}/schema`, { key, body: SCHEMA });
    const detail = await app.call("GET", `/v1/datasets/${name}`, { key });
    const check = await app.call("GET", `/v1/datasets/${name}/schema/check`, { key: viewer });

    expect(unchecked.body).toEqual({ schema: null, total: 4, failing: 0, errors: [] });
    expect(declared.status).toBe(200);
    expect(declared.body).toMatchObject({ name, schema: SCHEMA });
    expect(detail.body.itemCount).toBe(4);
    expect(detail.body.schema).toEqual(SCHEMA);
    expect(check.body).toMatchObject({ total: 4, failing: 3 });
    expect(check.body.errors.map((e: any) => [e.index, e.field, e.message])).toEqual([
      [1, "input.lang", "required"],
      [2, "input", "must be of type object"],
      [3, "input.lang", "must be one of: en, fr"],
    ]);
    expect(check.body.errors[1].itemId).toBe(detail.body.items[2].id);
  });

  it("refuses schemas outside the supported subset with 400", async () => {
    const name = await dataset(app, key);
    const bad = [
      { input: { properties: { a: { type: "text" } } } },
      { input: { properties: { a: { minLength: 3 } } } },
      { input: { type: "string", required: ["a"] } },
      { output: {} },
      { input: { properties: { a: { enum: [] } } } },
    ];

    for (const schema of bad) {
      const res = await app.call("PUT", `/v1/datasets/${name}/schema`, { key, body: schema });

      expect({ schema, status: res.status, code: res.body.error.code }).toEqual({
        schema,
        status: 400,
        code: "invalid_input",
      });
    }
  });

  it("pages items in insertion order with ?limit= and ?cursor=", async () => {
    const name = await dataset(app, key, {
      items: Array.from({ length: 5 }, (_, i) => ({ id: `item-${i}`, input: `q${i}` })),
    });

    const first = await app.call("GET", `/v1/datasets/${name}?limit=2`, { key });
    const second = await app.call("GET", `/v1/datasets/${name}?limit=2&cursor=${first.body.nextCursor}`, { key });
    const third = await app.call("GET", `/v1/datasets/${name}?limit=2&cursor=${second.body.nextCursor}`, { key });

    expect([first, second, third].map((r) => r.body.items.map((i: any) => i.id))).toEqual([
      ["item-0", "item-1"],
      ["item-2", "item-3"],
      ["item-4"],
    ]);
    expect(third.body.nextCursor).toBeNull();
    expect(first.body.itemCount).toBe(5);
  });

  it("bounds a request at 10,000 items", async () => {
    const name = await dataset(app, key);

    const res = await app.call("POST", `/v1/datasets/${name}/items`, {
      key,
      body: { items: Array.from({ length: 10_001 }, () => ({ input: "x" })) },
    });

    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("body.items");
  });

  it("keeps datasets apart by project and audits creation and schema declarations", async () => {
    const name = await dataset(app, key, { schema: SCHEMA });
    const other = await newProject(app);

    const foreign = await app.call("GET", `/v1/datasets/${name}`, { key: other });
    const foreignItems = await app.call("POST", `/v1/datasets/${name}/items`, {
      key: other,
      body: { items: [{ input: "x" }] },
    });
    const sameName = await app.call("POST", "/v1/datasets", { key: other, body: { name } });
    const audit = await app.call("GET", "/v1/audit-log?targetType=dataset&limit=1000", { key });

    expect(foreign.status).toBe(404);
    expect(foreignItems.status).toBe(404);
    expect(sameName.status).toBe(201);
    const mine = audit.body.data.filter((e: any) => e.details?.name === name).map((e: any) => e.action);
    expect(mine.sort()).toEqual(["dataset.created", "dataset.schema_declared"]);
  });

  it("needs MEMBER to write and VIEWER to read", async () => {
    const name = await dataset(app, key);

    const write = await app.call("POST", `/v1/datasets/${name}/items`, { key: viewer, body: { items: [] } });
    const read = await app.call("GET", `/v1/datasets/${name}`, { key: viewer });

    expect(write.status).toBe(403);
    expect(read.status).toBe(200);
  });
});
