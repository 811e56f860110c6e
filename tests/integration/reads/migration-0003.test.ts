import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateClickHouse } from "@core/adapters/clickhouse/migrate";
import { ClickHouseTelemetryStore } from "@core/adapters/clickhouse/telemetry-store";
import type { PostgresHandle } from "@core/adapters/postgres/migrate";
import { openPglite } from "@core/adapters/postgres/pglite";
import type { Db } from "@core/platform/db";
import * as Telemetry from "@core/telemetry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const REPO = join(__dirname, "../../../migrations");
const row = (fields: Record<string, unknown>, seen: string) => ({ ...fields, created_at: seen, updated_at: seen });

/** Rows of the 0001/0002 layout: partial rows of one trace received on three days, and a score without a trace. */
async function seedOldLayout(ch: ClickHouseTelemetryStore) {
  await ch.insert("traces", [
    row(
      {
        project_id: "p1",
        id: "t1",
        name: ["2026-11-01 09:00:00.000", "old trace"],
        timestamp: "2026-11-01 09:00:00.000",
      },
      "2026-11-01 09:00:01.000",
    ),
  ]);
  await ch.insert("observations", [
    row(
      {
        project_id: "p1",
        trace_id: "t1",
        id: "o1",
        type: ["2026-11-01 09:00:00.000", "generation"],
        start_time: "2026-11-01 09:00:00.000",
        usage_details: ["2026-11-01 09:00:00.000", { input: 10 }],
      },
      "2026-11-02 09:00:00.000",
    ),
    row(
      {
        project_id: "p1",
        trace_id: "t2",
        id: "o2",
        type: ["2026-11-05 09:00:00.000", "span"],
        start_time: "2026-11-05 09:00:00.000",
      },
      "2026-11-05 09:00:00.000",
    ),
  ]);
  await ch.insert("observations", [
    row(
      {
        project_id: "p1",
        trace_id: "t1",
        id: "o1",
        end_time: "2026-11-01 09:00:02.500",
        output: ["2026-11-03 09:00:00.000", '"late"'],
      },
      "2026-11-03 09:00:00.000",
    ),
  ]);
  await ch.insert("scores", [
    row(
      {
        project_id: "p1",
        trace_id: "t1",
        id: "s1",
        name: ["2026-11-04 09:00:00.000", "q"],
        value: ["2026-11-04 09:00:00.000", 0.5],
      },
      "2026-11-04 09:00:00.000",
    ),
    row(
      {
        project_id: "p2",
        trace_id: "",
        id: "s2",
        name: ["2026-11-06 09:00:00.000", "csat"],
        session_id: ["2026-11-06 09:00:00.000", "sess"],
      },
      "2026-11-06 09:00:00.000",
    ),
  ]);
}

/** Every row of the three tables, folded when `final`. */
const allRows = (ch: ClickHouseTelemetryStore, final = false) =>
  ch.query(
    `SELECT * FROM (${["traces", "observations", "scores"]
      .map(
        (t) =>
          `SELECT '${t}' AS table, toString(bucket) AS bucket, id, toString(created_at) AS created FROM ${t}${final ? " FINAL" : ""}`,
      )
      .join(" UNION ALL ")}) ORDER BY table, id, created`,
  );

const mirror = async (db: Db) => {
  const r = (await db.execute(
    "select project_id, kind, key, bucket::text as bucket from trace_mirror order by project_id, kind, key",
  )) as any;
  return r.rows ?? r;
};

describe("ClickHouse migration 0003: the 0001 tables move into day partitions", () => {
  let dir: string;
  let ch: ClickHouseTelemetryStore;
  let pg: PostgresHandle;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sightline-mig3-"));
    mkdirSync(join(dir, "ch-migrations"));
    for (const f of ["0001_telemetry.sql", "0002_telemetry_reads.sql"])
      copyFileSync(join(REPO, "clickhouse", f), join(dir, "ch-migrations", f));
    ch = new ClickHouseTelemetryStore({ chdbPath: join(dir, "ch") });
    pg = await openPglite();
    await pg.migrate(join(REPO, "postgres"));
    await migrateClickHouse(ch, join(dir, "ch-migrations"));
    await seedOldLayout(ch);
  });
  afterAll(async () => {
    await ch?.close();
    await pg?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("puts every row of a trace in the day of its earliest receive time, folds as before, and fills the mirror", async () => {
    copyFileSync(
      join(REPO, "clickhouse", "0003_partition_by_day.sql"),
      join(dir, "ch-migrations", "0003_partition_by_day.sql"),
    );

    const { applied } = await migrateClickHouse(ch, join(dir, "ch-migrations"));
    const copied = await Telemetry.backfillTraceMirror({ db: pg.db, telemetry: ch });

    expect(applied).toEqual(["0003_partition_by_day"]);
    expect(copied).toBe(3);
    expect((await allRows(ch, true)).map(({ table, bucket, id }: any) => ({ table, bucket, id }))).toEqual([
      { table: "observations", bucket: "2026-11-01", id: "o1" },
      { table: "observations", bucket: "2026-11-05", id: "o2" },
      { table: "scores", bucket: "2026-11-01", id: "s1" },
      { table: "scores", bucket: "2026-11-06", id: "s2" },
      { table: "traces", bucket: "2026-11-01", id: "t1" },
    ]);
    expect(
      await ch.query(
        "SELECT id, output.2 AS output, toString(end_time) AS end_time, reinterpretAsFloat64(toUInt64(input_tokens)) AS input FROM observations FINAL WHERE id = 'o1'",
      ),
    ).toEqual([{ id: "o1", output: '"late"', end_time: "2026-11-01 09:00:02.500", input: 10 }]);
    expect(await mirror(pg.db)).toEqual([
      { project_id: "p1", kind: "trace", key: "t1", bucket: "2026-11-01" },
      { project_id: "p1", kind: "trace", key: "t2", bucket: "2026-11-05" },
      { project_id: "p2", kind: "score", key: "s2", bucket: "2026-11-06" },
    ]);
    expect(
      await ch.query(
        "SELECT name FROM system.tables WHERE database = currentDatabase() AND (name LIKE '%0003%' OR name LIKE '%_0001' OR name LIKE '%_by_day')",
      ),
    ).toEqual([]);
    expect(await Telemetry.backfillTraceMirror({ db: pg.db, telemetry: ch })).toBe(0);
  });

  it("gives the same tables when run again after being cut off (every statement repeats safely)", async () => {
    const before = await allRows(ch, true);
    const statements = readFileSync(join(REPO, "clickhouse", "0003_partition_by_day.sql"), "utf8")
      .split(/;[ \t]*\n/)
      .filter((s) => s.split("\n").some((l) => l.trim() && !l.trim().startsWith("--")));

    for (const s of statements) await ch.command(s);
    await Telemetry.backfillTraceMirror({ db: pg.db, telemetry: ch });

    expect(await allRows(ch, true)).toEqual(before);
    expect(await mirror(pg.db)).toHaveLength(3);
  });
});
