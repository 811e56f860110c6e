import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateClickHouse } from "@core/adapters/clickhouse/migrate";
import { ClickHouseTelemetryStore } from "@core/adapters/clickhouse/telemetry-store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const MIGRATIONS = join(__dirname, "../../../migrations/clickhouse");
const TABLES = ["observations", "scores", "traces"];

// Migration 0004: smaller compression blocks for the telemetry tables, so merges hold less memory (docs/ingest.md, "Memory").
describe("ClickHouse migration 0004: merge memory", () => {
  let dir: string;
  let ch: ClickHouseTelemetryStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sightline-mig4-"));
    ch = new ClickHouseTelemetryStore({ chdbPath: dir });
    await migrateClickHouse(ch, MIGRATIONS);
  });
  afterAll(async () => {
    await ch?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const blockSizes = async () =>
    (
      await ch.query<{ name: string; engine_full: string }>(
        "SELECT name, engine_full FROM system.tables WHERE database = currentDatabase() AND name IN {tables:Array(String)} ORDER BY name",
        { tables: TABLES },
      )
    ).map((t) => [t.name, /max_compress_block_size = (\d+)/.exec(t.engine_full)?.[1]]);

  it("sets 256 KiB blocks on the three telemetry tables, and keeps the settings 0003 gave them", async () => {
    expect(await blockSizes()).toEqual(TABLES.map((t) => [t, "262144"]));
    const [observations] = await ch.query<{ engine_full: string }>(
      "SELECT engine_full FROM system.tables WHERE database = currentDatabase() AND name = 'observations'",
    );
    expect(observations!.engine_full).toContain("min_age_to_force_merge_seconds = 3600");
  });

  it("folds rows written in parts of both block sizes the same after a merge", async () => {
    const row = (seen: string, output: string) => ({
      project_id: "p1",
      bucket: "2026-11-01",
      trace_id: "t1",
      id: "o1",
      output: [seen, output],
      input: [seen, "x".repeat(600_000)],
      created_at: seen,
      updated_at: seen,
    });
    await ch.command("ALTER TABLE observations MODIFY SETTING max_compress_block_size = 1048576");
    await ch.insert("observations", [row("2026-11-01 09:00:00.000", "first")]);
    // Running the migration's statements again restores the setting and changes nothing else.
    await ch.command("ALTER TABLE observations MODIFY SETTING max_compress_block_size = 262144");
    await ch.insert("observations", [row("2026-11-01 09:00:01.000", "last")]);
    await ch.command("OPTIMIZE TABLE observations FINAL");

    expect(
      await ch.query(
        "SELECT output.2 AS output, toUInt32(length(input.2)) AS input FROM observations FINAL WHERE id = 'o1'",
      ),
    ).toEqual([{ output: "last", input: 600_000 }]);
    expect(await blockSizes()).toEqual(TABLES.map((t) => [t, "262144"]));
  });
});
