import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ClickHouseTelemetryStore } from "@core/adapters/clickhouse/telemetry-store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../../functions/_runtime/env";
import { openStores } from "../../../functions/local/stores";

const TABLES = ["observations", "scores", "traces"];

// The embedded store syncs an insert before it answers, so the local queue never forgets a batch whose rows a power
// loss could still take (docs/ingest.md, "Acknowledged only once applied on disk").
describe("embedded chDB's durable inserts", () => {
  let dir: string;
  let stores: Awaited<ReturnType<typeof openStores>>;
  let ch: ClickHouseTelemetryStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sightline-durable-"));
    stores = await openStores(parseEnv({ SIGHTLINE_DATA_DIR: dir }));
    await stores.migrate();
    ch = stores.telemetry as ClickHouseTelemetryStore;
  });
  afterAll(async () => {
    await stores?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const fileSyncs = async () =>
    Number(
      (await ch.query<{ value: string }>("SELECT value FROM system.events WHERE event = 'FileSync'"))[0]?.value ?? 0,
    );

  it("states fsync_after_insert and fsync_part_directory on the three telemetry tables, beside the migrations' settings", async () => {
    const tables = await ch.query<{ name: string; engine_full: string }>(
      "SELECT name, engine_full FROM system.tables WHERE database = currentDatabase() AND name IN {tables:Array(String)} ORDER BY name",
      { tables: TABLES },
    );
    expect(tables.map((t) => t.name)).toEqual(TABLES);
    for (const t of tables) {
      expect(t.engine_full).toContain("fsync_after_insert = 1");
      expect(t.engine_full).toContain("fsync_part_directory = 1");
      expect(t.engine_full).toContain("max_compress_block_size = 262144");
    }
    // Run again (every start does): nothing changes, nothing fails.
    await stores.migrate();
    const again = await ch.query<{ engine_full: string }>(
      "SELECT engine_full FROM system.tables WHERE database = currentDatabase() AND name IN {tables:Array(String)} ORDER BY name",
      { tables: TABLES },
    );
    expect(again.map((t) => t.engine_full)).toEqual(tables.map((t) => t.engine_full));
  });

  it("syncs the files of an insert's part before the insert answers", async () => {
    const before = await fileSyncs();
    await ch.insertEncoded(
      "scores",
      JSON.stringify({ project_id: "p", bucket: "2026-11-29", id: "s-1", created_at: "2026-11-29 10:00:00.000" }),
    );
    // A part is a dozen files and its directory; without the settings an insert syncs none of them.
    expect((await fileSyncs()) - before).toBeGreaterThanOrEqual(5);
  });
});
