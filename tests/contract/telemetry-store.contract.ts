import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateClickHouse } from "@core/adapters/clickhouse/migrate";
import type { ClickHouseTelemetryStore } from "@core/adapters/clickhouse/telemetry-store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

export interface TelemetryStoreTarget {
  /** Opens a store on the same data each time (same chDB path, same server database). */
  open(): ClickHouseTelemetryStore;
  /** The server database to create while migrating, when there is one. */
  database?: string;
  /** Removes what `open` pointed at, after the last store has closed. */
  cleanup?(): Promise<void>;
}

/** One suite for every ClickHouse transport. Table names are unique per run. */
export function describeTelemetryStore(name: string, target: TelemetryStoreTarget) {
  describe(`telemetry store: ${name}`, () => {
    let store: ClickHouseTelemetryStore;
    let migrationsDir: string;

    /** A fresh table per test, so tests do not depend on each other's order. */
    async function eventsTable() {
      const table = `events_${randomUUID().replaceAll("-", "")}`;
      await store.command(`CREATE TABLE ${table} (
        id String, project_id LowCardinality(String), ts DateTime64(3), attrs Map(String, String),
        note Nullable(String), level LowCardinality(String), tokens UInt64
      ) ENGINE = MergeTree ORDER BY (project_id, ts, id)`);
      await store.insert(table, [
        {
          id: "a",
          project_id: "p1",
          ts: "2024-01-02T03:04:05.678Z",
          attrs: { env: "prod", "k.with.dots": "v" },
          note: null,
          level: "DEFAULT",
          tokens: "18446744073709551615",
        },
        // A Date serialises to ISO 8601 with Z, which best_effort parsing accepts.
        {
          id: "b",
          project_id: "p1",
          ts: new Date("2024-01-02T03:04:06.001Z"),
          attrs: {},
          note: "hi 'there'",
          level: "ERROR",
          tokens: 7,
        },
        {
          id: "c",
          project_id: "p2",
          ts: "2024-01-03T00:00:00.000Z",
          attrs: { env: "dev" },
          note: null,
          level: "DEFAULT",
          tokens: 1,
        },
      ]);
      return table;
    }

    beforeAll(async () => {
      store = target.open();
      migrationsDir = await mkdtemp(join(tmpdir(), "sightline-ch-migrations-"));
    });

    afterAll(async () => {
      await store?.close();
      await target.cleanup?.();
      if (migrationsDir) await rm(migrationsDir, { recursive: true, force: true });
    });

    it("applies migrations in order once each, and re-applying them is a no-op", async () => {
      const migrate = () => migrateClickHouse(store, migrationsDir, { database: target.database });
      await writeFile(
        join(migrationsDir, "0001_first.sql"),
        `-- two statements, one file\nCREATE TABLE IF NOT EXISTS mig_seen (n UInt32) ENGINE = MergeTree ORDER BY n;\n\nINSERT INTO mig_seen VALUES (1);\n`,
      );
      await writeFile(
        join(migrationsDir, "0002_second.sql"),
        "ALTER TABLE mig_seen ADD COLUMN IF NOT EXISTS note String DEFAULT 'x'\n",
      );

      const first = await migrate();
      const second = await migrate();
      await writeFile(
        join(migrationsDir, "0003_third.sql"),
        "INSERT INTO mig_seen (n) VALUES (3);\n-- trailing comment\n",
      );
      const third = await migrate();

      expect(first.applied).toEqual(["0001_first", "0002_second"]);
      expect(second.applied).toEqual([]);
      expect(third.applied).toEqual(["0003_third"]);
      expect(await store.query("SELECT toUInt32(n) AS n, note FROM mig_seen ORDER BY n")).toEqual([
        { n: 1, note: "x" },
        { n: 3, note: "x" },
      ]);
      expect(await store.query("SELECT toUInt32(version) AS v FROM schema_migrations FINAL ORDER BY v")).toEqual([
        { v: 1 },
        { v: 2 },
        { v: 3 },
      ]);
    });

    it("refuses a migration file whose name breaks the pattern", async () => {
      const dir = await mkdtemp(join(tmpdir(), "sightline-ch-bad-"));
      await writeFile(join(dir, "1_oops.sql"), "SELECT 1");

      await expect(migrateClickHouse(store, dir)).rejects.toThrow(/NNNN_name\.sql/);
      await rm(dir, { recursive: true, force: true });
    });

    it("stores DateTime64, Map, Nullable and LowCardinality columns and reads them back with parameters", async () => {
      const table = await eventsTable();

      await store.insert(table, []);
      const found = await store.query(
        `SELECT id, ts, attrs, note, level FROM ${table} WHERE project_id = {p:String} AND ts >= {from:DateTime64(3)} ORDER BY ts`,
        { p: "p1", from: "2024-01-02 03:04:05.678" },
      );

      expect(found).toEqual([
        {
          id: "a",
          ts: "2024-01-02 03:04:05.678",
          attrs: { env: "prod", "k.with.dots": "v" },
          note: null,
          level: "DEFAULT",
        },
        { id: "b", ts: "2024-01-02 03:04:06.001", attrs: {}, note: "hi 'there'", level: "ERROR" },
      ]);
    });

    it("returns 64-bit integers as decimal strings, and numbers where SQL casts them", async () => {
      const table = await eventsTable();

      const [row] = await store.query(
        `SELECT max(tokens) AS max, count() AS n, toUInt32(count()) AS n32, toFloat64(sum(tokens) - max(tokens)) AS rest
         FROM ${table} WHERE project_id = {p:String}`,
        { p: "p1" },
      );

      expect(row).toEqual({ max: "18446744073709551615", n: "2", n32: 2, rest: 7 });
    });

    it("streams a result in batches with the same rows, types and settings as query", async () => {
      const table = await eventsTable();
      const sql = `SELECT id, ts, attrs, note, tokens FROM ${table} WHERE project_id = {p:String} ORDER BY id`;

      const batches: unknown[][] = [];
      for await (const rows of store.queryStream(sql, { p: "p1" })) batches.push(rows);

      expect(batches.flat()).toEqual(await store.query(sql, { p: "p1" }));
      expect(batches.flat()).toMatchObject([
        { id: "a", tokens: "18446744073709551615" },
        { id: "b", tokens: "7" },
      ]);
    });

    it("streams many rows, stops when the reader leaves, and reads again afterwards", async () => {
      const sql = "SELECT toString(number) AS n FROM numbers({count:UInt32})";
      let seen = 0;
      for await (const rows of store.queryStream<{ n: string }>(sql, { count: 300_000 })) seen += rows.length;
      expect(seen).toBe(300_000);

      for await (const rows of store.queryStream(sql, { count: 300_000 })) {
        expect(rows.length).toBeGreaterThan(0);
        break;
      }
      const again: unknown[] = [];
      for await (const rows of store.queryStream(sql, { count: 3 })) again.push(...rows);
      expect(again).toEqual([{ n: "0" }, { n: "1" }, { n: "2" }]);
    });

    it("returns a String column as UTF-8 bytes, a value and a newline per row, written as it is", async () => {
      const lines = await store.queryLines(
        "SELECT concat('{\"a\":', toJSONString({v:String}), ',\"n\":', toString(number), '}') FROM numbers(2)",
        { v: 'say "hi" / \\ 日本語 🚀' },
      );

      expect(Buffer.from(lines).toString("utf8")).toBe(
        '{"a":"say \\"hi\\" / \\\\ 日本語 🚀","n":0}\n{"a":"say \\"hi\\" / \\\\ 日本語 🚀","n":1}\n',
      );
      expect((await store.queryLines("SELECT 'x' FROM numbers(0)")).length).toBe(0);
    });

    it("rejects a bad statement", { timeout: 10_000 }, async () => {
      await expect(store.queryLines("SELECT nope FROM no_such_table_here")).rejects.toThrow(/no_such_table_here/);
    });

    it("rejects a bad streamed statement on the first read", { timeout: 10_000 }, async () => {
      const read = async () => {
        for await (const _ of store.queryStream("SELECT nope FROM no_such_table_here")) return;
      };
      await expect(read()).rejects.toThrow(/no_such_table_here/);
    });

    it("inserts rows encoded as JSONEachRow text as insert stores the same rows", async () => {
      const table = await eventsTable();
      const encoded = await eventsTable();
      await store.command(`TRUNCATE TABLE ${encoded}`);
      const rows = await store.query(`SELECT * FROM ${table} ORDER BY id`);
      const long = { id: "d", project_id: "p3", ts: "2024-01-04T00:00:00.000Z", attrs: { lang: "日本語 ✓ 🚀" } };
      const text = [...rows, { ...long, note: "x".repeat(2_000_000), level: "DEFAULT", tokens: 2 }]
        .map((r) => `${JSON.stringify(r)}\n`)
        .join("");

      const bytes = await eventsTable();
      await store.command(`TRUNCATE TABLE ${bytes}`);

      await store.insertEncoded(encoded, text);
      await store.insertEncoded(encoded, "");
      // The same rows as their UTF-8 bytes, as the ingest worker hands them over.
      await store.insertEncoded(bytes, new TextEncoder().encode(text));
      await store.insertEncoded(bytes, new Uint8Array(0));

      const sql = (t: string) => `SELECT id, ts, attrs, note, level, tokens FROM ${t} WHERE id != 'd' ORDER BY id`;
      expect(await store.query(sql(encoded))).toEqual(await store.query(sql(table)));
      expect(await store.query(sql(bytes))).toEqual(await store.query(sql(table)));
      for (const t of [encoded, bytes])
        expect(await store.query(`SELECT attrs, length(note) AS n, tokens FROM ${t} WHERE id = 'd'`)).toEqual([
          { attrs: { lang: "日本語 ✓ 🚀" }, n: "2000000", tokens: "2" },
        ]);
    });

    it("rejects encoded rows the table cannot take, and a table name that is not one", {
      timeout: 10_000,
    }, async () => {
      const table = await eventsTable();

      await expect(store.insertEncoded(table, '{"id": "e", "ts": "not a time"}\n')).rejects.toThrow();
      await expect(store.insertEncoded(`${table}; DROP TABLE x`, '{"id": "e"}\n')).rejects.toThrow(/table name/);
      expect(await store.query(`SELECT count() AS n FROM ${table}`)).toEqual([{ n: "3" }]);
    });

    it("deletes rows with a lightweight DELETE through command", async () => {
      const table = await eventsTable();

      await store.command(`DELETE FROM ${table} WHERE id = {id:String}`, { id: "b" });

      expect(await store.query(`SELECT id FROM ${table} ORDER BY id`)).toEqual([{ id: "a" }, { id: "c" }]);
    });

    it("rejects invalid SQL with a ClickHouse error instead of hanging", { timeout: 10_000 }, async () => {
      await expect(store.query("SELEC 1")).rejects.toMatchObject({ code: "62", type: "SYNTAX_ERROR" });
      await expect(store.command("DROP TABLE no_such_table_here")).rejects.toMatchObject({ type: "UNKNOWN_TABLE" });
      expect(await store.query("SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
    });

    it("keeps the data across close and reopen", async () => {
      const table = await eventsTable();

      await store.close();
      await expect(store.query("SELECT 1")).rejects.toThrow(/closed/);

      store = target.open();

      expect(await store.query(`SELECT id FROM ${table} ORDER BY id`)).toEqual([{ id: "a" }, { id: "b" }, { id: "c" }]);
    });
  });
}
