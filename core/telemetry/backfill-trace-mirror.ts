import { sql } from "drizzle-orm";
import type { Deps } from "../platform/deps";

const PAGE = 10_000;

/**
 * Copies the partition days that ClickHouse migration 0003 gave existing traces into the
 * Postgres trace mirror, then drops the map, so the worker keeps putting later rows of those
 * traces into the same partitions. Runs after both stores' migrations; a no-op once the map
 * is gone, and safe to repeat (a day already mirrored is kept).
 */
export async function backfillTraceMirror(deps: Pick<Deps, "db" | "telemetry">): Promise<number> {
  const [exists] = await deps.telemetry.query<{ n: number }>(
    "SELECT toUInt32(count()) AS n FROM system.tables WHERE database = currentDatabase() AND name = 'migration_0003_buckets'",
  );
  if (!Number(exists?.n)) return 0;
  let copied = 0;
  let after = { project_id: "", kind: "", key: "" };
  for (;;) {
    const page = await deps.telemetry.query<{ project_id: string; kind: string; key: string; bucket: string }>(
      `SELECT project_id, kind, key, toString(min(bucket)) AS bucket FROM migration_0003_buckets
       WHERE (project_id, kind, key) > ({p:String}, {k:String}, {key:String})
       GROUP BY project_id, kind, key ORDER BY project_id, kind, key LIMIT ${PAGE}`,
      { p: after.project_id, k: after.kind, key: after.key },
    );
    if (page.length === 0) break;
    await deps.db.execute(sql`
      INSERT INTO trace_mirror (project_id, kind, key, bucket, created_at)
      SELECT project_id, kind, key, bucket, now() FROM jsonb_to_recordset(${JSON.stringify(page)}::jsonb) AS i(project_id text, kind text, key text, bucket date)
      ON CONFLICT DO NOTHING`);
    copied += page.length;
    after = page.at(-1)!;
  }
  await deps.telemetry.command("DROP TABLE IF EXISTS migration_0003_buckets");
  return copied;
}
