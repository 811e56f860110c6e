import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { get, type Key, newProject } from "./support";

/** Receive times are the API's clock: moving it makes a later batch arrive on a later day. */
function setClock(app: TestApp, iso: string) {
  (app.deps as { clock: { now(): Date } }).clock = { now: () => new Date(iso) };
}

async function partitionsOf(app: TestApp, projectId: string) {
  const out: Record<string, string[]> = {};
  for (const table of ["traces", "observations", "scores"]) {
    const rows = await app.deps.telemetry.query<{ p: string }>(
      `SELECT DISTINCT toString(bucket) AS p FROM ${table} WHERE project_id = {projectId:String} ORDER BY p`,
      { projectId },
    );
    out[table] = rows.map((r) => r.p);
  }
  return out;
}

async function mirrorOf(app: TestApp, projectId: string) {
  const result = (await app.deps.db.execute(
    `select kind, key, bucket::text as bucket from trace_mirror where project_id = '${projectId}' order by kind, key`,
  )) as any;
  return (result.rows ?? result) as { kind: string; key: string; bucket: string }[];
}

describe("day partitions: every row of a trace lands in the partition of its first day", () => {
  let app: TestApp;
  let key: Key & { id: string };
  const real = { now: () => new Date() };

  beforeAll(async () => {
    app = await startTestApp();
    key = await newProject(app);
  });
  afterAll(async () => {
    (app.deps as { clock: unknown }).clock = real;
    await app?.close();
  });

  it("keeps an update received the next day in the trace's first partition, and folds it on read", async () => {
    const traceId = randomUUID();
    const genId = randomUUID();
    setClock(app, "2026-11-20T23:59:58.000Z");
    await ingest(
      app,
      [
        ev("trace-create", { id: traceId, name: "late night" }, "2026-11-20T23:59:57.000Z"),
        ev(
          "generation-create",
          { id: genId, traceId, name: "llm", model: "gpt-4o-mini", startTime: "2026-11-20T23:59:57.000Z" },
          "2026-11-20T23:59:57.000Z",
        ),
      ],
      { key },
    );
    setClock(app, "2026-11-21T00:00:03.000Z");
    await ingest(
      app,
      [
        // No traceId: the worker adopts the stored trace, and with it the trace's day.
        ev(
          "generation-update",
          {
            id: genId,
            endTime: "2026-11-20T23:59:59.000Z",
            output: "done",
            usageDetails: { input: 1000, output: 100 },
          },
          "2026-11-21T00:00:01.000Z",
        ),
        ev("score-create", { id: randomUUID(), traceId, name: "quality", value: 0.75 }, "2026-11-21T00:00:02.000Z"),
      ],
      { key },
    );
    setClock(app, "2026-11-21T08:00:00.000Z");
    const other = randomUUID();
    await ingest(app, [ev("trace-create", { id: other, name: "next day" }, "2026-11-21T08:00:00.000Z")], { key });

    const partitions = await partitionsOf(app, key.id);
    const mirror = await mirrorOf(app, key.id);
    const trace = await get(app, key, `/v1/traces/${traceId}`);
    const metrics = await get(app, key, "/v1/metrics", {
      from: "2026-11-20T00:00:00.000Z",
      to: "2026-11-22T00:00:00.000Z",
    });

    expect(partitions).toEqual({
      traces: ["2026-11-20", "2026-11-21"],
      observations: ["2026-11-20"],
      scores: ["2026-11-20"],
    });
    expect(mirror).toEqual(
      [
        { kind: "trace", key: traceId, bucket: "2026-11-20" },
        { kind: "trace", key: other, bucket: "2026-11-21" },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );
    expect(trace.status).toBe(200);
    expect(trace.body.observations).toHaveLength(1);
    expect(trace.body.observations[0]).toMatchObject({
      id: genId,
      output: "done",
      latencyMs: 2000,
      usageDetails: { input: 1000, output: 100 },
    });
    expect(trace.body.totalCost).toBeGreaterThan(0);
    expect(trace.body.scores).toHaveLength(1);
    expect(metrics.body.data).toEqual([
      expect.objectContaining({
        day: "2026-11-20",
        traces: 1,
        observations: 1,
        inputTokens: 1000,
        outputTokens: 100,
        latencyP50Ms: 2000,
      }),
    ]);
  });

  it("keeps a score sent without a trace in the partition of its own first day", async () => {
    const scoreId = randomUUID();
    setClock(app, "2026-11-18T12:00:00.000Z");
    await ingest(
      app,
      [ev("score-create", { id: scoreId, sessionId: "s-1", name: "csat", value: 0.2 }, "2026-11-18T12:00:00.000Z")],
      { key },
    );
    setClock(app, "2026-11-19T12:00:00.000Z");
    await ingest(
      app,
      [ev("score-create", { id: scoreId, sessionId: "s-1", name: "csat", value: 0.9 }, "2026-11-19T12:00:00.000Z")],
      { key },
    );

    const rows = await app.deps.telemetry.query<{ p: string }>(
      "SELECT DISTINCT toString(bucket) AS p FROM scores WHERE project_id = {p:String} AND id = {id:String}",
      { p: key.id, id: scoreId },
    );
    const scores = await get(app, key, "/v1/scores", { name: "csat" });

    expect(rows).toEqual([{ p: "2026-11-18" }]);
    expect((await mirrorOf(app, key.id)).filter((m) => m.kind === "score")).toEqual([
      { kind: "score", key: scoreId, bucket: "2026-11-18" },
    ]);
    expect(scores.body.data).toEqual([expect.objectContaining({ id: scoreId, value: 0.9 })]);
  });

  it("redelivery and replays reuse the recorded day: a batch processed twice stays in one partition", async () => {
    const traceId = randomUUID();
    setClock(app, "2026-11-10T10:00:00.000Z");
    const batch = [ev("trace-create", { id: traceId, name: "once" }, "2026-11-10T10:00:00.000Z")];
    await ingest(app, batch, { key });
    setClock(app, "2026-11-12T10:00:00.000Z");
    await ingest(app, batch, { key });

    const rows = await app.deps.telemetry.query<{ p: string }>(
      "SELECT DISTINCT toString(bucket) AS p FROM traces WHERE project_id = {p:String} AND id = {id:String}",
      { p: key.id, id: traceId },
    );
    const list = await get(app, key, "/v1/traces", { name: "once" });

    expect(rows).toEqual([{ p: "2026-11-10" }]);
    expect(list.body.data).toHaveLength(1);
  });

  it("a delivery with more traces than one mirror statement takes keeps each trace's recorded day", async () => {
    // 300 traces: three statements of the trace mirror (core/telemetry/trace-buckets.ts); 130 known from a day before.
    const known = Array.from({ length: 130 }, () => randomUUID());
    const fresh = Array.from({ length: 170 }, () => randomUUID());
    setClock(app, "2026-11-14T10:00:00.000Z");
    await ingest(
      app,
      known.map((id) => ev("trace-create", { id, name: "chunked" }, "2026-11-14T10:00:00.000Z")),
      { key },
    );
    setClock(app, "2026-11-15T10:00:00.000Z");
    await ingest(
      app,
      [...fresh, ...known].map((id) =>
        ev("trace-create", { id, name: "chunked", release: "r2" }, "2026-11-15T10:00:00.000Z"),
      ),
      { key },
    );

    const rows = await app.deps.telemetry.query<{ id: string; p: string }>(
      "SELECT DISTINCT id, toString(bucket) AS p FROM traces WHERE project_id = {p:String} AND name.2 = 'chunked'",
      { p: key.id },
    );
    const dayOf = new Map(rows.map((r) => [r.id, r.p]));
    const mirror = new Map((await mirrorOf(app, key.id)).map((m) => [m.key, m.bucket]));

    expect(rows).toHaveLength(300);
    expect(known.map((id) => [dayOf.get(id), mirror.get(id)])).toEqual(known.map(() => ["2026-11-14", "2026-11-14"]));
    expect(fresh.map((id) => [dayOf.get(id), mirror.get(id)])).toEqual(fresh.map(() => ["2026-11-15", "2026-11-15"]));
  });
});
