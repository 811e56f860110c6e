import { randomUUID } from "node:crypto";
import * as Telemetry from "@core/telemetry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { get, type Key, newProject } from "./support";

const DAY = 86_400_000;
const BIG = "x".repeat(300_000);

/** A trace full of `marker`: names, bodies (one offloaded), an observation and scores. */
async function seedTrace(app: TestApp, key: Key, options: { userId: string; marker: string; time?: number }) {
  const traceId = randomUUID();
  const ts = new Date(options.time ?? Date.now() - 60_000).toISOString();
  await ingest(
    app,
    [
      ev(
        "trace-create",
        {
          id: traceId,
          name: `trace ${options.marker}`,
          userId: options.userId,
          sessionId: `s-${options.marker}`,
          input: { q: options.marker },
          timestamp: ts,
        },
        ts,
      ),
      ev(
        "generation-create",
        {
          id: randomUUID(),
          traceId,
          name: "llm",
          model: "gpt-4o-mini",
          startTime: ts,
          input: `${options.marker}${BIG}`,
          output: options.marker,
          usageDetails: { input: 3, output: 4 },
        },
        ts,
      ),
      ev(
        "score-create",
        { id: randomUUID(), traceId, name: "quality", value: 1, comment: options.marker, timestamp: ts },
        ts,
      ),
    ],
    { key },
  );
  return traceId;
}

/** Every telemetry table row (raw, unfolded) and every blob outside raw batches that mentions one of `needles`. */
async function scan(app: TestApp, needles: string[]) {
  const hits: string[] = [];
  const tables = await app.deps.telemetry.query<{ name: string }>(
    "SELECT name FROM system.tables WHERE database = currentDatabase()",
  );
  for (const { name } of tables) {
    for (const row of await app.deps.telemetry.query(`SELECT * FROM \`${name}\``)) {
      const text = JSON.stringify(row);
      for (const n of needles) if (text.includes(n)) hits.push(`clickhouse ${name}: ${n}`);
    }
  }
  for (const key of await app.deps.blobs.list("")) {
    if (key.startsWith("batches/")) continue;
    const text = key + Buffer.from((await app.deps.blobs.get(key)) ?? new Uint8Array()).toString("utf8");
    for (const n of needles) if (text.includes(n)) hits.push(`blob ${key}: ${n}`);
  }
  const pgTables = (await app.deps.db.execute(
    "select table_name from information_schema.tables where table_schema = 'public'",
  )) as any;
  for (const { table_name } of pgTables.rows ?? pgTables) {
    const rows = (await app.deps.db.execute(`select row_to_json(t)::text as j from "${table_name}" t`)) as any;
    for (const { j } of rows.rows ?? rows)
      for (const n of needles) if (j.includes(n)) hits.push(`postgres ${table_name}: ${n}`);
  }
  return hits;
}

describe("deleting a trace and an end user's data", () => {
  let app: TestApp;
  let admin: Key & { id: string };
  let member: Key;
  let viewer: Key;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await newProject(app);
    member = (await app.call("POST", "/v1/api-keys", { key: admin, body: { role: "MEMBER" } })).body;
    viewer = (await app.call("POST", "/v1/api-keys", { key: admin, body: { role: "VIEWER" } })).body;
  });
  afterAll(() => app?.close());

  it("DELETE /v1/traces/{id} leaves nothing of the trace in any table or blob, and keeps the rest", async () => {
    const marker = `mark-${randomUUID()}`;
    const doomed = await seedTrace(app, admin, { userId: "alice", marker });
    const kept = await seedTrace(app, admin, { userId: "alice", marker: `keep-${randomUUID()}` });
    expect((await app.deps.blobs.list(Telemetry.payloadPrefix(admin.id, doomed))).length).toBe(1);
    expect(await scan(app, [doomed, marker])).not.toEqual([]);

    const forbidden = await app.call("DELETE", `/v1/traces/${doomed}`, { key: viewer });
    const res = await app.call("DELETE", `/v1/traces/${doomed}`, { key: member });

    expect(forbidden.status).toBe(403);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: { traces: 1, observations: 1, scores: 1, payloadBlobs: 1 } });
    expect(
      await scan(app, [doomed, marker]).then((hits) => hits.filter((h) => !h.startsWith("postgres audit_log"))),
    ).toEqual([]);
    expect(await scan(app, [marker])).toEqual([]);
    expect((await get(app, admin, `/v1/traces/${doomed}`)).status).toBe(404);
    expect((await get(app, admin, "/v1/observations", { traceId: doomed })).body.data).toEqual([]);
    expect((await get(app, admin, `/v1/traces/${kept}`)).status).toBe(200);
    expect((await app.call("DELETE", `/v1/traces/${doomed}`, { key: member })).status).toBe(404);
    const audit = await app.call("GET", "/v1/audit-log", { key: admin });
    expect(audit.body.data[0]).toMatchObject({ action: "trace.deleted", target: { type: "trace", id: doomed } });
  });

  it("the raw batches still hold a deleted trace until retention ages them out", async () => {
    const marker = `batch-${randomUUID()}`;
    const traceId = await seedTrace(app, admin, { userId: "carol", marker });
    await app.call("DELETE", `/v1/traces/${traceId}`, { key: member });

    const batches = await app.deps.blobs.list(`batches/${admin.id}/`);
    const texts = await Promise.all(
      batches.map(async (k) => Buffer.from((await app.deps.blobs.get(k))!).toString("utf8")),
    );

    expect(texts.some((t) => t.includes(marker))).toBe(true);
  });

  it("DELETE /v1/users/{userId}/data removes every trace of that user (admin only) and audits without the user id", async () => {
    const marks = [`u1-${randomUUID()}`, `u2-${randomUUID()}`];
    const userId = `user-${randomUUID()}`;
    const traces = [
      await seedTrace(app, admin, { userId, marker: marks[0]! }),
      await seedTrace(app, admin, { userId, marker: marks[1]! }),
    ];
    const bystander = await seedTrace(app, admin, { userId: "bob", marker: `bob-${randomUUID()}` });
    // A later event re-attributes a trace: erasure still takes it, since it once named the user.
    const moved = await seedTrace(app, admin, { userId, marker: `moved-${randomUUID()}` });
    await ingest(app, [ev("trace-create", { id: moved, userId: "someone-else" })], { key: admin });

    expect((await app.call("DELETE", `/v1/users/${userId}/data`, { key: member })).status).toBe(403);
    const res = await app.call("DELETE", `/v1/users/${userId}/data`, { key: admin });

    expect(res.status).toBe(200);
    expect(res.body.deleted).toEqual({ traces: 3, observations: 3, scores: 3, payloadBlobs: 3, datasetItems: 0 });
    expect(await scan(app, [...traces, moved, ...marks, userId])).toEqual([]);
    expect((await get(app, admin, `/v1/traces/${bystander}`)).status).toBe(200);
    expect((await app.call("DELETE", `/v1/users/${userId}/data`, { key: admin })).status).toBe(404);
    const audit = await app.call("GET", "/v1/audit-log", { key: admin });
    expect(audit.body.data[0]).toMatchObject({
      action: "user_data.deleted",
      target: { type: "end_user", id: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
  });

  it("answers 404 to another project's key and deletes nothing", async () => {
    const other = await newProject(app);
    const traceId = await seedTrace(app, admin, { userId: "dave", marker: `d-${randomUUID()}` });

    expect((await app.call("DELETE", `/v1/traces/${traceId}`, { key: other })).status).toBe(404);
    expect((await app.call("DELETE", "/v1/users/dave/data", { key: other })).status).toBe(404);
    expect((await get(app, admin, `/v1/traces/${traceId}`)).status).toBe(200);
  });
});

describe("retention", () => {
  let app: TestApp;
  let admin: Key & { id: string };

  beforeAll(async () => {
    app = await startTestApp();
    admin = await newProject(app);
  });
  afterAll(() => app?.close());

  it("stores the policy per project (admin only), 0 by default", async () => {
    const viewer = (await app.call("POST", "/v1/api-keys", { key: admin, body: { role: "VIEWER" } })).body;
    const member = (await app.call("POST", "/v1/api-keys", { key: admin, body: { role: "MEMBER" } })).body;

    expect((await get(app, admin, "/v1/retention")).body).toEqual({
      maxAgeDays: 0,
      updatedAt: null,
      lastAppliedAt: null,
    });
    expect((await app.call("POST", "/v1/retention", { key: member, body: { maxAgeDays: 3 } })).status).toBe(403);
    expect((await app.call("POST", "/v1/retention", { key: admin, body: { maxAgeDays: -1 } })).status).toBe(400);
    expect((await app.call("POST", "/v1/retention", { key: admin, body: { maxAgeDays: 30 } })).body).toMatchObject({
      maxAgeDays: 30,
    });
    expect((await get(app, viewer, "/v1/retention")).body.maxAgeDays).toBe(30);
    expect((await get(app, await newProject(app), "/v1/retention")).body.maxAgeDays).toBe(0);
  });

  it("apply deletes telemetry rows and payloads older than the policy and keeps younger ones", async () => {
    const oldMark = `old-${randomUUID()}`;
    const old = await seedTrace(app, admin, { userId: "erin", marker: oldMark, time: Date.now() - 40 * DAY });
    const young = await seedTrace(app, admin, {
      userId: "erin",
      marker: `young-${randomUUID()}`,
      time: Date.now() - DAY,
    });
    await app.call("POST", "/v1/retention", { key: admin, body: { maxAgeDays: 30 } });

    const res = await app.call("POST", "/v1/retention/apply", { key: admin });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      maxAgeDays: 30,
      deleted: { traces: 1, observations: 1, scores: 1, payloadBlobs: 1, batchBlobs: 0 },
    });
    expect((await get(app, admin, `/v1/traces/${old}`)).status).toBe(404);
    expect((await get(app, admin, `/v1/traces/${young}`)).status).toBe(200);
    expect(await scan(app, [old, oldMark]).then((h) => h.filter((x) => !x.startsWith("postgres audit_log")))).toEqual(
      [],
    );
    expect((await get(app, admin, "/v1/retention")).body.lastAppliedAt).not.toBeNull();
  });

  it("applies a policy that reaches back before 1970 (a century)", async () => {
    const project = await newProject(app);
    const ancient = await seedTrace(app, project, {
      userId: "gus",
      marker: `g-${randomUUID()}`,
      time: Date.UTC(1920, 0, 1),
    });
    const recent = await seedTrace(app, project, {
      userId: "gus",
      marker: `g-${randomUUID()}`,
      time: Date.now() - DAY,
    });
    await app.call("POST", "/v1/retention", { key: project, body: { maxAgeDays: 36500 } });

    const res = await app.call("POST", "/v1/retention/apply", { key: project });

    expect(res.status).toBe(200);
    expect(res.body.cutoff.slice(0, 2)).toBe("19");
    expect(res.body.deleted).toMatchObject({ traces: 1, observations: 1, scores: 1 });
    expect((await get(app, project, `/v1/traces/${ancient}`)).status).toBe(404);
    expect((await get(app, project, `/v1/traces/${recent}`)).status).toBe(200);
  });

  it("keeps everything with 0, and the daily job ages out raw batches too", async () => {
    const project = await newProject(app);
    const traceId = await seedTrace(app, project, {
      userId: "frank",
      marker: `f-${randomUUID()}`,
      time: Date.now() - 400 * DAY,
    });
    await app.call("POST", "/v1/retention", { key: project, body: { maxAgeDays: 0 } });
    expect((await app.call("POST", "/v1/retention/apply", { key: project })).body.deleted).toEqual({
      traces: 0,
      observations: 0,
      scores: 0,
      payloadBlobs: 0,
      batchBlobs: 0,
    });
    await app.call("POST", "/v1/retention", { key: project, body: { maxAgeDays: 1 } });
    expect((await app.deps.blobs.list(`batches/${project.id}/`)).length).toBeGreaterThan(0);

    // Two days on, today's batches are older than the cutoff's day.
    const clock = app.deps.clock;
    app.deps.clock = { now: () => new Date(Date.now() + 2 * DAY) };
    try {
      await app.trigger("retention");
    } finally {
      app.deps.clock = clock;
    }

    expect(await app.deps.blobs.list(`batches/${project.id}/`)).toEqual([]);
    expect((await get(app, project, `/v1/traces/${traceId}`)).status).toBe(404);
  });
});
