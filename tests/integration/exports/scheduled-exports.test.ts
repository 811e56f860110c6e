import { randomUUID } from "node:crypto";
import { GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { s3ExportBuckets } from "@core/adapters/aws/s3-export-buckets";
import * as Exports from "@core/exports";
import type { Clock } from "@core/platform/ports";
import { exportConfigs } from "@core/platform/schema";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBucket, FAKE_CREDENTIALS, type Fauxqs, startEmulator } from "../../support/fauxqs";
import { ev, ingest } from "../../support/ingest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type Key, newProject } from "../../support/projects";

/** The service's clock, moved by the test: acceptance times (the windows' measure) and runs follow it. */
class TestClock implements Clock {
  constructor(public at: Date) {}
  now() {
    return new Date(this.at);
  }
}

/** fauxqs takes any keys; a secret unlike anything else in the answer shows whether it leaks. */
const KEYS = { accessKeyId: FAKE_CREDENTIALS.accessKeyId, secretAccessKey: "bucket-secret-5f0c" };
const T = (hhmm: string) => new Date(`2026-01-01T${hhmm}:00.000Z`);

describe("scheduled exports to S3 (fauxqs)", () => {
  let app: TestApp;
  let emulator: Fauxqs;
  let key: Key & { id: string };
  const clock = new TestClock(T("10:05"));

  beforeAll(async () => {
    [app, emulator] = await Promise.all([startTestApp(), startEmulator()]);
    app.deps.clock = clock;
    key = await newProject(app);
  });
  // Every run exports every due config: each test starts with none.
  afterEach(async () => {
    await app.deps.db.delete(exportConfigs);
  });
  afterAll(async () => {
    await app?.close();
    await emulator?.stop();
  });

  const call = (method: string, path: string, body?: unknown) => app.call(method, path, { key, body });
  const config = (bucket: string, extra: Record<string, unknown> = {}) => ({
    name: "nightly",
    bucket,
    prefix: "/sightline/prod/",
    region: "us-east-1",
    endpoint: emulator.endpoint,
    credentials: KEYS,
    tables: ["traces", "observations"],
    frequency: "hourly",
    startFrom: "2026-01-01T10:20:00Z",
    ...extra,
  });
  const run = (options: { partBytes?: number } = {}) =>
    Exports.runScheduledExports({
      ...app.deps,
      exportBuckets: s3ExportBuckets({ ownCredentials: () => FAKE_CREDENTIALS, partBytes: options.partBytes }),
    });
  const keys = async (bucket: string) =>
    ((await emulator.s3.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((c) => c.Key!).sort();
  const read = async (bucket: string, k: string) =>
    (await (await emulator.s3.send(new GetObjectCommand({ Bucket: bucket, Key: k }))).Body!.transformToString())
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));

  it("creates a config whose mark starts at the period, with sealed keys that are never shown, audited", async () => {
    const res = await call(
      "POST",
      "/v1/export-configs",
      config(await createBucket(emulator, `create-${randomUUID().slice(0, 8)}`)),
    );

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      prefix: "sightline/prod",
      format: "jsonl",
      frequency: "hourly",
      enabled: true,
      accessKeyId: "test",
      hasCredentials: true,
      lastExportedAt: "2026-01-01T10:00:00.000Z",
      lastRunAt: null,
      lastError: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(KEYS.secretAccessKey);
    const [row] = await app.deps.db.select().from(exportConfigs).where(eq(exportConfigs.id, res.body.id));
    expect(row!.secretAccessKeySealed).toMatch(/^v1:/);
    expect(row!.secretAccessKeySealed).not.toContain(KEYS.secretAccessKey);
    const audit = await call("GET", "/v1/audit-log?targetType=export_config");
    expect(audit.body.data.map((e: any) => [e.action, e.target.id])).toContainEqual([
      "export_config.created",
      res.body.id,
    ]);
  });

  it("keeps the stored keys on an update without credentials, removes them with null, and deletes", async () => {
    const created = (await call("POST", "/v1/export-configs", config("keys-bucket"))).body;
    const { startFrom: _s, ...definition } = config("keys-bucket");

    const kept = await call("PUT", `/v1/export-configs/${created.id}`, {
      ...definition,
      credentials: undefined,
      frequency: "daily",
    });
    const removed = await call("PUT", `/v1/export-configs/${created.id}`, { ...definition, credentials: null });
    const deleted = await call("DELETE", `/v1/export-configs/${created.id}`);

    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      hasCredentials: true,
      frequency: "daily",
      lastExportedAt: "2026-01-01T00:00:00.000Z",
    });
    expect(removed.body).toMatchObject({ hasCredentials: false, accessKeyId: null });
    expect(deleted.body).toEqual({ deleted: true });
    expect((await call("GET", `/v1/export-configs/${created.id}`)).status).toBe(404);
  });

  it("refuses a bad bucket name and a start on update", async () => {
    const bad = await call("POST", "/v1/export-configs", config("Bad_Bucket"));
    const created = (await call("POST", "/v1/export-configs", config("start-bucket"))).body;
    const start = await call("PUT", `/v1/export-configs/${created.id}`, config("start-bucket"));
    await call("DELETE", `/v1/export-configs/${created.id}`);

    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(
      "Invalid body.bucket: expected an S3 bucket name (3-63 lowercase letters, digits, dots, hyphens)",
    );
    expect(start.status).toBe(400);
    expect(start.body.error.message).toBe(
      "Invalid body.startFrom: only a new export config takes a start; the mark of this one moves as it exports",
    );
  });

  it("exports each closed window once, one object per table, and a late update in the window it arrived in", async () => {
    const project = await newProject(app);
    const bucket = await createBucket(emulator, `windows-${randomUUID().slice(0, 8)}`);
    const created = (await app.call("POST", "/v1/export-configs", { key: project, body: config(bucket) })).body;
    const trace = randomUUID();
    const span = randomUUID();
    clock.at = T("10:30");
    await ingest(
      app,
      [ev("trace-create", { id: trace, name: "first" }), ev("span-create", { id: span, traceId: trace, name: "step" })],
      { key: project },
    );

    // 11:09: the 10:00–11:00 window is still within the safety lag.
    clock.at = T("11:09");
    const early = await run();
    clock.at = T("11:10");
    const first = await run();
    const afterFirst = await keys(bucket);
    clock.at = T("11:30");
    await ingest(app, [ev("trace-create", { id: trace, name: "renamed" })], { key: project });
    clock.at = T("12:15");
    const second = await run();
    const again = await run();

    expect(early).toMatchObject({ windows: 0, objects: 0 });
    expect(first).toMatchObject({ windows: 1, objects: 2, failed: 0 });
    expect(afterFirst).toEqual([
      "sightline/prod/observations/2026-01-01T10:00:00Z_2026-01-01T11:00:00Z.jsonl",
      "sightline/prod/traces/2026-01-01T10:00:00Z_2026-01-01T11:00:00Z.jsonl",
    ]);
    expect((await read(bucket, afterFirst[1]!)).map((r) => [r.id, r.name])).toEqual([[trace, "first"]]);
    expect((await read(bucket, afterFirst[0]!)).map((r) => r.id)).toEqual([span]);
    expect(second).toMatchObject({ windows: 1, objects: 2 });
    expect(again).toMatchObject({ configs: 0, windows: 0 });
    expect(
      (await read(bucket, "sightline/prod/traces/2026-01-01T11:00:00Z_2026-01-01T12:00:00Z.jsonl")).map((r) => [
        r.id,
        r.name,
      ]),
    ).toEqual([[trace, "renamed"]]);
    expect(await read(bucket, "sightline/prod/observations/2026-01-01T11:00:00Z_2026-01-01T12:00:00Z.jsonl")).toEqual(
      [],
    );
    const view = (await app.call("GET", `/v1/export-configs/${created.id}`, { key: project })).body;
    expect(view).toMatchObject({
      lastExportedAt: "2026-01-01T12:00:00.000Z",
      lastRunAt: "2026-01-01T12:15:00.000Z",
      lastError: null,
    });
  });

  it("leaves the mark where it was when the bucket refuses, and writes the same window once it can", async () => {
    const project = await newProject(app);
    const bucket = `later-${randomUUID().slice(0, 8)}`;
    clock.at = T("10:05");
    const created = (
      await app.call("POST", "/v1/export-configs", {
        key: project,
        body: config(bucket, { tables: ["traces"], format: "csv" }),
      })
    ).body;
    await ingest(app, [ev("trace-create", { id: randomUUID(), name: "kept" })], { key: project });

    clock.at = T("11:15");
    const failed = await run();
    const view = (await app.call("GET", `/v1/export-configs/${created.id}`, { key: project })).body;
    await createBucket(emulator, bucket);
    const retried = await run();

    expect(failed).toMatchObject({ failed: 1, windows: 0 });
    expect(view.lastExportedAt).toBe("2026-01-01T10:00:00.000Z");
    expect(view.lastError).toMatch(
      new RegExp(`^Writing s3://${bucket}/\\S+ at ${emulator.endpoint} failed: .*NoSuchBucket`),
    );
    expect(retried).toMatchObject({ windows: 1, objects: 1, failed: 0 });
    const csv = await (
      await emulator.s3.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: "sightline/prod/traces/2026-01-01T10:00:00Z_2026-01-01T11:00:00Z.csv",
        }),
      )
    ).Body!.transformToString();
    expect(csv.split("\r\n")[0]).toBe(Exports.EXPORT_COLUMNS.traces.join(","));
    expect(csv).toContain(",kept,");
  });

  it("uploads in parts when the file outgrows one, and the object is whole", async () => {
    const project = await newProject(app);
    const bucket = await createBucket(emulator, `parts-${randomUUID().slice(0, 8)}`);
    clock.at = T("10:05");
    await app.call("POST", "/v1/export-configs", { key: project, body: config(bucket, { tables: ["observations"] }) });
    const trace = randomUUID();
    await ingest(
      app,
      Array.from({ length: 40 }, (_, i) =>
        ev("span-create", { id: `s-${i}-${trace}`, traceId: trace, name: `step ${i}` }),
      ),
      { key: project },
    );

    clock.at = T("11:15");
    // Parts of 1 KB: forty rows of about 600 bytes take many.
    const result = await run({ partBytes: 1024 });

    expect(result).toMatchObject({ windows: 1, objects: 1 });
    const rows = await read(bucket, "sightline/prod/observations/2026-01-01T10:00:00Z_2026-01-01T11:00:00Z.jsonl");
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.id)).size).toBe(40);
  });

  it("is wired as the exports schedule of the runtime", async () => {
    clock.at = T("10:00");
    expect(await app.trigger("exports")).toMatchObject({ windows: 0, failed: 0 });
  });
});
