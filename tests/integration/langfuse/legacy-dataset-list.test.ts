import { fileURLToPath } from "node:url";
import { datasetItems, datasetRuns, datasets } from "@core/datasets/datasets.sql";
import * as Langfuse from "@core/langfuse";
import type { Db } from "@core/platform/db";
import * as schema from "@core/platform/schema";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

const MIGRATIONS = fileURLToPath(new URL("../../../migrations/postgres", import.meta.url));

/**
 * Langfuse's legacy dataset list answers item ids and run names only (docs/langfuse.md, "Legacy dataset reads"), so it
 * reads only those: the SQL it sends to a real PGlite is recorded by drizzle's query logger.
 */
describe("legacy dataset list: what it reads", () => {
  let client: PGlite;
  let db: Db;
  const queries: string[] = [];

  beforeAll(async () => {
    client = await PGlite.create();
    db = drizzle({ client, schema, logger: { logQuery: (query) => queries.push(query) } }) as unknown as Db;
    await migrate(db as never, { migrationsFolder: MIGRATIONS });
    const at = (s: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, s));
    const big = { text: "x".repeat(20_000) };
    await db.insert(datasets).values([
      { id: "d1", projectId: "p1", name: "qa", createdAt: at(0), updatedAt: at(0) },
      { id: "d2", projectId: "p1", name: "empty", createdAt: at(1), updatedAt: at(1) },
      { id: "d3", projectId: "p1", name: "huge", createdAt: at(2), updatedAt: at(2) },
      { id: "d4", projectId: "p2", name: "qa", createdAt: at(3), updatedAt: at(3) },
    ]);
    // Inserted out of id order: the answer keeps insertion order.
    for (const id of ["i3", "i1", "i2"])
      await db
        .insert(datasetItems)
        .values({ datasetId: "d1", id, input: big, expectedOutput: big, createdAt: at(5), updatedAt: at(5) });
    await db
      .insert(datasetItems)
      .values({ datasetId: "d4", id: "other", input: "x", createdAt: at(5), updatedAt: at(5) });
    await db.execute(
      sql`insert into dataset_items (dataset_id, id, input, created_at, updated_at)
          select 'd3', 'h' || g, '1'::jsonb, now(), now() from generate_series(1, ${Langfuse.LEGACY_ITEM_CAP + 1}) g`,
    );
    await db.insert(datasetRuns).values([
      { id: "r-old", datasetId: "d1", name: "first", remote: false, createdAt: at(10), updatedAt: at(10) },
      { id: "r-new", datasetId: "d1", name: "second", remote: false, createdAt: at(20), updatedAt: at(20) },
      { id: "r-p2", datasetId: "d4", name: "theirs", remote: false, createdAt: at(20), updatedAt: at(20) },
    ]);
  });
  afterAll(async () => {
    await client?.close();
  });
  beforeEach(() => {
    queries.length = 0;
  });

  const rowsOf = (...ids: string[]) =>
    Promise.all(ids.map(async (id) => (await db.select().from(datasets).where(eq(datasets.id, id)))[0]!));

  it("answers each dataset's item ids in insertion order and run names newest first, reading no item body", async () => {
    const rows = await rowsOf("d1", "d2");
    queries.length = 0;

    const summaries = await Langfuse.legacySummaries({ db }, rows);

    expect(summaries.map((s) => ({ name: s.name, items: s.items, runs: s.runs }))).toEqual([
      { name: "qa", items: ["i3", "i1", "i2"], runs: ["second", "first"] },
      { name: "empty", items: [], runs: [] },
    ]);
    expect(queries).toHaveLength(3);
    for (const q of queries) {
      expect(q).not.toContain('"input"');
      expect(q).not.toContain('"expected_output"');
      expect(q).not.toContain('"metadata"');
    }
  });

  it("refuses a page holding a dataset past the cap, before reading any id", async () => {
    const rows = await rowsOf("d1", "d3");
    queries.length = 0;

    await expect(Langfuse.legacySummaries({ db }, rows)).rejects.toMatchObject({
      code: "invalid_input",
      message:
        "Dataset 'huge' holds 10001 items; this read answers at most 10000: page them with GET /api/public/dataset-items?datasetName=",
    });
    expect(queries).toHaveLength(1);
  });

  it("answers an empty page without a query", async () => {
    expect(await Langfuse.legacySummaries({ db }, [])).toEqual([]);
    expect(queries).toEqual([]);
  });
});
