import type { ClickHouseTelemetryStore } from "./telemetry-store";

/** The telemetry tables: every insert of ingest, evaluators and reviews lands in one of them. */
const TABLES = ["traces", "observations", "scores"] as const;

/** ClickHouse's own table settings that sync an insert's part (each file, then its directory) before it answers. */
const DURABLE_INSERTS = { fsync_after_insert: 1, fsync_part_directory: 1 } as const;

const stated = (engineFull: string) =>
  Object.entries(DURABLE_INSERTS).every(([name, value]) => engineFull.includes(`${name} = ${value}`));

/**
 * Makes the embedded store's inserts durable before they answer, so that the local queue, which forgets a batch once
 * its rows are inserted, never forgets one whose rows a power loss could still take
 * (docs/ingest.md, "Acknowledged only once applied on disk"). For embedded chDB only: a server keeps its writes
 * durable its own way (replicas, its operators' settings). Idempotent; run after the migrations.
 */
export async function makeInsertsDurable(store: Pick<ClickHouseTelemetryStore, "query" | "command">): Promise<void> {
  const tables = await store.query<{ name: string; engine_full: string }>(
    "SELECT name, engine_full FROM system.tables WHERE database = currentDatabase() AND name IN {tables:Array(String)}",
    { tables: [...TABLES] },
  );
  const settings = Object.entries(DURABLE_INSERTS)
    .map(([name, value]) => `${name} = ${value}`)
    .join(", ");
  for (const table of tables)
    if (!stated(table.engine_full)) await store.command(`ALTER TABLE ${table.name} MODIFY SETTING ${settings}`);
}
