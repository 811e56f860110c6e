import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataset } from "../../support/datasets";
import { at, ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject, uniq } from "../../support/projects";

/* Dataset items copied from traces and observations (docs/datasets.md, "From traces"). */
describe("dataset items from traces and observations", () => {
  let app: TestApp;
  let key: Key;
  let viewer: Key;

  /** A trace with two generations (one tagged `bad`), each with input, output and metadata. */
  async function seed(options: { userId?: string; model?: string; input?: unknown } = {}) {
    const traceId = randomUUID();
    const model = options.model ?? uniq("model");
    await ingest(
      app,
      [
        ev("trace-create", {
          id: traceId,
          name: "support-chat",
          userId: options.userId,
          input: { question: "Where is my parcel?" },
          output: "It left the depot.",
          metadata: { channel: "web" },
        }),
        ev("generation-create", {
          id: `${traceId}-g1`,
          traceId,
          name: "answer",
          model,
          startTime: at(1_000),
          input: options.input ?? [{ role: "user", content: "Where is my parcel?" }],
          output: { role: "assistant", content: "It left the depot." },
          metadata: { step: 1 },
          level: "ERROR",
        }),
        ev("generation-create", {
          id: `${traceId}-g2`,
          traceId,
          name: "rewrite",
          model,
          startTime: at(2_000),
          input: "rewrite it",
          output: "It has left the depot.",
          metadata: "plain",
        }),
      ],
      { key },
    );
    return { traceId, model, g1: `${traceId}-g1`, g2: `${traceId}-g2` };
  }
  const items = async (name: string) => (await app.call("GET", `/v1/datasets/${name}`, { key })).body.items;
  const fromTrace = (name: string, body: Record<string, unknown>, k: Key = key) =>
    app.call("POST", `/v1/datasets/${name}/items/from-trace`, { key: k, body });
  const fromObservations = (name: string, body: Record<string, unknown>, k: Key = key) =>
    app.call("POST", `/v1/datasets/${name}/items/from-observations`, { key: k, body });

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
    viewer = (await app.call("POST", "/v1/api-keys", { key, body: { role: "VIEWER" } })).body;
  });
  afterAll(() => app?.close());

  describe("POST /v1/datasets/{name}/items/from-trace", () => {
    it("copies the trace's input, output as expected output, and metadata, and keeps the source ids on the item", async () => {
      const name = await dataset(app, key);
      const { traceId } = await seed();

      const res = await fromTrace(name, { traceId });

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        input: { question: "Where is my parcel?" },
        expectedOutput: "It left the depot.",
        metadata: { channel: "web" },
        sourceTraceId: traceId,
        sourceObservationId: null,
        createdAt: expect.any(String),
      });
      expect(await items(name)).toEqual([res.body]);
    });

    it("copies an observation; stored metadata that is not an object comes as {value}", async () => {
      const name = await dataset(app, key);
      const { traceId, g1, g2 } = await seed();

      const first = await fromTrace(name, { traceId, observationId: g1 });
      const second = await fromTrace(name, { traceId, observationId: g2 });

      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        input: [{ role: "user", content: "Where is my parcel?" }],
        expectedOutput: { role: "assistant", content: "It left the depot." },
        metadata: { step: 1 },
        sourceTraceId: traceId,
        sourceObservationId: g1,
      });
      expect(second.body).toMatchObject({
        input: "rewrite it",
        expectedOutput: "It has left the depot.",
        metadata: { value: "plain" },
        sourceObservationId: g2,
      });
    });

    it("copies an offloaded input whole from the blob store", async () => {
      const name = await dataset(app, key);
      const big = "x".repeat(300 * 1024);
      const { traceId, g1 } = await seed({ input: { document: big } });

      const res = await fromTrace(name, { traceId, observationId: g1 });

      expect(res.status).toBe(201);
      expect(res.body.input).toEqual({ document: big });
      expect((await items(name))[0].input.document).toHaveLength(300 * 1024);
    });

    it("takes the request's input, expected output and metadata over the stored ones; null expected output means none", async () => {
      const name = await dataset(app, key);
      const { traceId, g1 } = await seed();

      const edited = await fromTrace(name, { traceId, expectedOutput: "Your parcel is on its way." });
      const replaced = await fromTrace(name, {
        traceId,
        observationId: g1,
        input: "parcel?",
        expectedOutput: null,
        metadata: { reviewed: true },
      });

      expect(edited.body).toMatchObject({
        input: { question: "Where is my parcel?" },
        expectedOutput: "Your parcel is on its way.",
        metadata: { channel: "web" },
      });
      expect(replaced.body).toMatchObject({
        input: "parcel?",
        expectedOutput: null,
        metadata: { reviewed: true },
        sourceObservationId: g1,
      });
    });

    it("answers 404 for an unknown trace and writes nothing", async () => {
      const name = await dataset(app, key);

      const res = await fromTrace(name, { traceId: "no-such-trace" });

      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: "not_found", message: "Trace 'no-such-trace' not found" });
      expect(await items(name)).toEqual([]);
    });

    it("answers 404 for an unknown observation of a stored trace and writes nothing", async () => {
      const name = await dataset(app, key);
      const { traceId } = await seed();

      const res = await fromTrace(name, { traceId, observationId: "no-such-span" });

      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({
        code: "not_found",
        message: `Observation 'no-such-span' of trace '${traceId}' not found`,
      });
      expect(await items(name)).toEqual([]);
    });

    it("answers 404 for another project's trace, into this project's own dataset", async () => {
      const other = await newProject(app);
      const name = await dataset(app, other);
      const { traceId } = await seed();

      const res = await fromTrace(name, { traceId }, other);

      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: "not_found", message: `Trace '${traceId}' not found` });
    });

    it("applies the dataset's item schema with its usual messages and writes nothing", async () => {
      const name = await dataset(app, key, {
        schema: {
          input: { required: ["question", "lang"], properties: { lang: { enum: ["en", "fr"] } } },
          expectedOutput: { type: "string" },
        },
      });
      const { traceId, g1 } = await seed();

      const trace = await fromTrace(name, { traceId });
      const observation = await fromTrace(name, { traceId, observationId: g1 });
      const fixed = await fromTrace(name, { traceId, input: { question: "Where is my parcel?", lang: "en" } });

      expect(trace.status).toBe(400);
      expect(trace.body.error).toEqual({
        code: "invalid_input",
        message: `The item copied from trace '${traceId}' does not fit dataset '${name}': input.lang required`,
        details: { errors: [{ field: "input.lang", message: "required" }] },
      });
      expect(observation.status).toBe(400);
      expect(observation.body.error.details).toEqual({
        errors: [
          { field: "input", message: "must be of type object" },
          { field: "expectedOutput", message: "must be of type string" },
        ],
      });
      expect(fixed.status).toBe(201);
      expect((await items(name)).map((i: any) => i.id)).toEqual([fixed.body.id]);
    });

    it("refuses a second copy of one source with 409 naming the item, and replaces it when that id is sent", async () => {
      const name = await dataset(app, key);
      const { traceId } = await seed();
      const first = await fromTrace(name, { traceId });

      const again = await fromTrace(name, { traceId });
      const replaced = await fromTrace(name, { traceId, id: first.body.id, expectedOutput: "corrected" });

      expect(again.status).toBe(409);
      expect(again.body.error).toEqual({
        code: "conflict",
        message: `Dataset '${name}' already holds item '${first.body.id}' copied from trace '${traceId}'; send "id": "${first.body.id}" to replace it`,
        details: { itemId: first.body.id },
      });
      expect(replaced.status).toBe(201);
      expect(await items(name)).toEqual([{ ...first.body, expectedOutput: "corrected" }]);
    });

    it("refuses a VIEWER key with 403 and records the copy in the audit log", async () => {
      const name = await dataset(app, key);
      const { traceId, g1 } = await seed();

      const refused = await fromTrace(name, { traceId }, viewer);
      const made = await fromTrace(name, { traceId, observationId: g1 });
      const audit = await app.call("GET", "/v1/audit-log", { key });

      expect(refused.status).toBe(403);
      expect(audit.body.data[0]).toMatchObject({
        action: "dataset.item_copied",
        target: { type: "dataset_item", id: made.body.id },
        details: { dataset: name, traceId, observationId: g1 },
      });
    });

    it("answers 404 for an unknown dataset", async () => {
      const { traceId } = await seed();

      const res = await fromTrace("no-such-dataset", { traceId });

      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: "not_found", message: "dataset 'no-such-dataset' not found" });
    });
  });

  describe("POST /v1/datasets/{name}/items/from-observations", () => {
    it("adds every observation the explorer's filter selects, newest first, with the count added", async () => {
      const name = await dataset(app, key);
      const a = await seed();
      const b = await seed({ model: a.model });
      const filter = [{ column: "model", operator: "=", value: a.model }];

      const res = await fromObservations(name, { filter });
      const listed = await items(name);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ selected: 4, capped: false, added: 4, skipped: 0, skippedItems: [] });
      expect(listed.map((i: any) => [i.sourceTraceId, i.sourceObservationId]).sort()).toEqual(
        [
          [a.traceId, a.g1],
          [a.traceId, a.g2],
          [b.traceId, b.g1],
          [b.traceId, b.g2],
        ].sort(),
      );
      expect(listed.find((i: any) => i.sourceObservationId === a.g1)).toMatchObject({
        input: [{ role: "user", content: "Where is my parcel?" }],
        expectedOutput: { role: "assistant", content: "It left the depot." },
        metadata: { step: 1 },
      });
    });

    it("takes the filter as the list's JSON text too, with the simple parameters", async () => {
      const name = await dataset(app, key);
      const { model, traceId, g1 } = await seed();

      const res = await fromObservations(name, {
        model,
        filter: JSON.stringify([{ column: "level", operator: "=", value: "ERROR" }]),
      });

      expect(res.body).toMatchObject({ selected: 1, added: 1 });
      expect((await items(name))[0]).toMatchObject({ sourceTraceId: traceId, sourceObservationId: g1 });
    });

    it("skips observations already in the dataset, naming their items", async () => {
      const name = await dataset(app, key);
      const { model, traceId, g1, g2 } = await seed();
      const single = await fromTrace(name, { traceId, observationId: g1 });

      const first = await fromObservations(name, { model });
      const again = await fromObservations(name, { model });

      expect(first.body).toEqual({
        selected: 2,
        capped: false,
        added: 1,
        skipped: 1,
        skippedItems: [{ traceId, observationId: g1, reason: "duplicate", itemId: single.body.id, errors: [] }],
      });
      expect(again.body).toMatchObject({ selected: 2, added: 0, skipped: 2 });
      expect(again.body.skippedItems.map((s: any) => [s.observationId, s.reason])).toEqual([
        [g2, "duplicate"],
        [g1, "duplicate"],
      ]);
      expect(await items(name)).toHaveLength(2);
    });

    it("skips observations whose item fails the item schema, with the schema's messages", async () => {
      const name = await dataset(app, key, { schema: { input: { type: "string" } } });
      const { model, traceId, g1, g2 } = await seed();

      const res = await fromObservations(name, { model });

      expect(res.body).toEqual({
        selected: 2,
        capped: false,
        added: 1,
        skipped: 1,
        skippedItems: [
          {
            traceId,
            observationId: g1,
            reason: "invalid",
            itemId: null,
            errors: [{ field: "input", message: "must be of type string" }],
          },
        ],
      });
      expect((await items(name)).map((i: any) => i.sourceObservationId)).toEqual([g2]);
    });

    it("takes the newest observations up to the limit and says it capped", async () => {
      const name = await dataset(app, key);
      const { model, g2 } = await seed();

      const res = await fromObservations(name, { model, limit: 1 });

      expect(res.body).toEqual({ selected: 1, capped: true, added: 1, skipped: 0, skippedItems: [] });
      expect((await items(name)).map((i: any) => i.sourceObservationId)).toEqual([g2]);
    });

    it("answers 400 for a filter selecting nothing and writes nothing", async () => {
      const name = await dataset(app, key);
      await seed();

      const res = await fromObservations(name, { model: "no-such-model" });
      const audit = await app.call("GET", "/v1/audit-log", { key });

      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: "invalid_input",
        message: `No observation matches the selection: nothing was added to dataset '${name}'`,
      });
      expect(await items(name)).toEqual([]);
      expect(audit.body.data[0].details?.dataset === name && audit.body.data[0].action === "dataset.items_copied").toBe(
        false,
      );
    });

    it("answers 400 for an unknown filter column, as the observations list does", async () => {
      const name = await dataset(app, key);

      const res = await fromObservations(name, { filter: [{ column: "colour", operator: "=", value: "red" }] });

      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^Unknown filter column 'colour'; allowed: /);
    });

    it("answers 400 for a limit above the cap", async () => {
      const name = await dataset(app, key);

      const res = await fromObservations(name, { limit: 1001 });

      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_input");
    });

    it("refuses a VIEWER key with 403 and records the bulk copy with its counts in the audit log", async () => {
      const name = await dataset(app, key);
      const { model } = await seed();

      const refused = await fromObservations(name, { model }, viewer);
      await fromObservations(name, { model });
      const audit = await app.call("GET", "/v1/audit-log", { key });

      expect(refused.status).toBe(403);
      expect(audit.body.data[0]).toMatchObject({
        action: "dataset.items_copied",
        target: { type: "dataset" },
        details: { dataset: name, selected: 2, capped: false, added: 2, skipped: 0, selection: { model } },
      });
    });
  });

  describe("end-user erasure", () => {
    it("DELETE /v1/users/{userId}/data also deletes the items copied from that user's traces, and only those", async () => {
      const name = await dataset(app, key, { items: [{ input: "typed by hand" }] });
      const userId = `user-${randomUUID()}`;
      const mine = await seed({ userId });
      const bystander = await seed({ userId: "someone-else" });
      await fromTrace(name, { traceId: mine.traceId });
      await fromObservations(name, { traceId: mine.traceId });
      await fromTrace(name, { traceId: bystander.traceId });

      const res = await app.call("DELETE", `/v1/users/${userId}/data`, { key });

      expect(res.status).toBe(200);
      expect(res.body.deleted).toMatchObject({ traces: 1, datasetItems: 3 });
      expect((await items(name)).map((i: any) => i.sourceTraceId)).toEqual([null, bystander.traceId]);
    });

    it("erases the copies even after their traces are gone", async () => {
      const name = await dataset(app, key);
      const userId = `user-${randomUUID()}`;
      const { traceId } = await seed({ userId });
      await fromTrace(name, { traceId });
      expect((await app.call("DELETE", `/v1/traces/${traceId}`, { key })).status).toBe(200);

      const res = await app.call("DELETE", `/v1/users/${userId}/data`, { key });
      const again = await app.call("DELETE", `/v1/users/${userId}/data`, { key });

      expect(res.status).toBe(200);
      expect(res.body.deleted).toEqual({ traces: 0, observations: 0, scores: 0, payloadBlobs: 0, datasetItems: 1 });
      expect(await items(name)).toEqual([]);
      expect(again.status).toBe(404);
    });
  });
});
