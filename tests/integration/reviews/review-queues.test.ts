import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject, uniq } from "../../support/projects";

/* Human review end to end (docs/reviews.md): queues, items with trace summaries, ANNOTATION scores. */
describe("review queues", () => {
  let app: TestApp;
  let key: Key & { id: string };

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const traces = async (n: number) => {
    const ids = Array.from({ length: n }, () => randomUUID());
    await ingest(
      app,
      ids.map((id, i) => ev("trace-create", { id, name: `chat-${i}`, input: `question ${i}`, output: `answer ${i}` })),
      { key },
    );
    return ids;
  };
  const queue = async (body: Record<string, unknown>) => {
    const name = uniq("q");
    const res = await app.call("POST", "/v1/review-queues", { key, body: { name, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return name;
  };

  it("creates a queue, enqueues traces (skipping pending ones, refusing unknown ids), lists items with trace summaries and counts", async () => {
    const name = await queue({
      scoreName: "helpfulness",
      dataType: "NUMERIC",
      min: 0,
      max: 1,
      description: "rate the answer",
    });
    expect(
      (await app.call("POST", "/v1/review-queues", { key, body: { name, scoreName: "x", dataType: "BOOLEAN" } }))
        .status,
    ).toBe(409);
    const [a, b] = await traces(2);
    const added = await app.call("POST", `/v1/review-queues/${name}/items`, {
      key,
      body: { traceIds: [a, b, "no-such-trace"] },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      added: 2,
      skipped: 0,
      errors: [{ traceId: "no-such-trace", message: "Trace 'no-such-trace' not found" }],
    });
    const again = await app.call("POST", `/v1/review-queues/${name}/items`, { key, body: { traceIds: [a] } });
    expect(again.body).toMatchObject({ added: 0, skipped: 1, items: [{ traceId: a, status: "pending" }] });

    const items = await app.call("GET", `/v1/review-queues/${name}/items?status=pending`, { key });
    expect(items.body.data.map((i: any) => i.traceId)).toEqual([a, b]);
    expect(items.body.data[0]).toMatchObject({
      status: "pending",
      scoreId: null,
      trace: { name: "chat-0", input: "question 0", output: "answer 0" },
    });
    expect(items.body.data[0].trace.timestamp).toMatch(/Z$/);
    const detail = await app.call("GET", `/v1/review-queues/${name}`, { key });
    expect(detail.body).toMatchObject({
      name,
      scoreName: "helpfulness",
      dataType: "NUMERIC",
      min: 0,
      max: 1,
      pending: 2,
      done: 0,
    });
    expect(
      (await app.call("GET", "/v1/review-queues", { key })).body.data.find((q: any) => q.name === name),
    ).toMatchObject({ pending: 2, done: 0 });
    expect((await app.call("GET", "/v1/review-queues/nope", { key })).status).toBe(404);
  });

  it("a submission writes an ANNOTATION score with the queue's name and type, marks the item done with its reviewer, and is audited; a second is 409", async () => {
    const name = await queue({ scoreName: "verdict", dataType: "CATEGORICAL", categories: ["correct", "incorrect"] });
    const [t] = await traces(1);
    const [item] = (await app.call("POST", `/v1/review-queues/${name}/items`, { key, body: { traceIds: [t] } })).body
      .items;
    const res = await app.call("POST", `/v1/review-queues/${name}/items/${item.id}/score`, {
      key,
      body: { value: "correct", comment: "checked the source" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      item: { id: item.id, status: "done", scoreId: expect.any(String) },
      score: {
        id: res.body.item.scoreId,
        name: "verdict",
        value: null,
        stringValue: "correct",
        dataType: "CATEGORICAL",
        source: "ANNOTATION",
        comment: "checked the source",
      },
    });
    const stored = ((await app.call("GET", `/v1/traces/${t}`, { key })).body.scores as any[]).find(
      (s) => s.id === res.body.item.scoreId,
    );
    expect(stored).toMatchObject({
      name: "verdict",
      stringValue: "correct",
      source: "ANNOTATION",
      comment: "checked the source",
    });
    const annotated = await app.call("GET", "/v1/scores?source=ANNOTATION&name=verdict", { key });
    expect(annotated.body.data.map((s: any) => s.id)).toContain(res.body.item.scoreId);

    const twice = await app.call("POST", `/v1/review-queues/${name}/items/${item.id}/score`, {
      key,
      body: { value: "incorrect" },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(`Review item '${item.id}' is already done`);
    const done = await app.call("GET", `/v1/review-queues/${name}/items?status=done`, { key });
    expect(done.body.data[0]).toMatchObject({
      id: item.id,
      status: "done",
      scoreId: res.body.item.scoreId,
      reviewer: expect.any(String),
    });
    const audit = await app.call("GET", "/v1/audit-log", { key });
    expect(audit.body.data[0]).toMatchObject({
      action: "review.submitted",
      target: { type: "review_item", id: item.id },
    });
    // Done, the trace may be queued again for a second opinion.
    expect(
      (await app.call("POST", `/v1/review-queues/${name}/items`, { key, body: { traceIds: [t] } })).body.added,
    ).toBe(1);
  });

  it("refuses a value that does not fit the queue or its score config with 400 naming the field, and leaves the item pending", async () => {
    const name = await queue({ scoreName: uniq("rating"), dataType: "NUMERIC", min: 1, max: 5 });
    const detail = (await app.call("GET", `/v1/review-queues/${name}`, { key })).body;
    const [t] = await traces(1);
    const [item] = (await app.call("POST", `/v1/review-queues/${name}/items`, { key, body: { traceIds: [t] } })).body
      .items;
    const submit = (value: unknown) =>
      app.call("POST", `/v1/review-queues/${name}/items/${item.id}/score`, { key, body: { value } });

    const high = await submit(7);
    expect(high.status).toBe(400);
    expect(high.body.error.message).toBe(
      `Invalid body.value: Score '${detail.scoreName}' does not fit queue '${name}': value 7 is above the maximum 5`,
    );
    expect((await submit("great")).body.error.message).toBe(
      `Invalid body.value: Score '${detail.scoreName}' does not fit queue '${name}': a NUMERIC score needs a numeric value`,
    );
    // A project config of the score name narrows it further.
    expect(
      (
        await app.call("POST", "/v1/score-configs", {
          key,
          body: { name: detail.scoreName, dataType: "NUMERIC", max: 4 },
        })
      ).status,
    ).toBe(201);
    expect((await submit(5)).body.error.message).toBe(
      `Invalid body.value: Score '${detail.scoreName}' does not fit its config: value 5 is above the maximum 4`,
    );
    expect((await app.call("GET", `/v1/review-queues/${name}`, { key })).body).toMatchObject({ pending: 1, done: 0 });
    expect((await submit(4)).status).toBe(201);
    expect(
      (await app.call("POST", `/v1/review-queues/${name}/items/no-such-item/score`, { key, body: { value: 3 } }))
        .status,
    ).toBe(404);
    const bool = await queue({ scoreName: uniq("ok"), dataType: "BOOLEAN" });
    const [bi] = (await app.call("POST", `/v1/review-queues/${bool}/items`, { key, body: { traceIds: [t] } })).body
      .items;
    const yes = await app.call("POST", `/v1/review-queues/${bool}/items/${bi.id}/score`, {
      key,
      body: { value: true },
    });
    expect(yes.body.score).toMatchObject({ value: 1, stringValue: "True", dataType: "BOOLEAN" });
    const badQueue = await app.call("POST", "/v1/review-queues", {
      key,
      body: { name: uniq("q"), scoreName: "s", dataType: "CATEGORICAL" },
    });
    expect(badQueue.status).toBe(400);
  });
});
