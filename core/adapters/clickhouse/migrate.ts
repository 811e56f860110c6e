import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { ClickHouseTelemetryStore } from "./telemetry-store";

/** What the migrator needs from a store; a structural slice so it stays easy to stand in for. */
export type ClickHouseMigrationTarget = Pick<
  ClickHouseTelemetryStore,
  "query" | "insert" | "command" | "createDatabase"
>;

export interface ClickHouseMigrateOptions {
  /** The server database the store is bound to; created first when missing. */
  database?: string;
}

const FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/**
 * Bookkeeping lives in code rather than in a migration, because a migration
 * cannot record itself before the table exists. ReplacingMergeTree keyed by
 * version: recording a file twice (a crash between insert and exit) still reads as once.
 */
const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version UInt32,
  name String,
  applied_at DateTime64(3, 'UTC') DEFAULT now64(3)
) ENGINE = ReplacingMergeTree ORDER BY version`;

interface Migration {
  version: number;
  name: string;
  statements: string[];
}

/**
 * Applies `NNNN_name.sql` files from `migrationsDir` in version order, each once,
 * recording them in `schema_migrations`; re-running is a no-op. ClickHouse DDL is
 * not transactional: a file that fails half-way is not recorded and runs again
 * from the top, so write every statement idempotently (`IF NOT EXISTS`). Run one
 * migrator at a time (the local runtime at start, a deploy step on AWS).
 *
 * @throws Error when a file name breaks the pattern, two files share a version, or
 * an applied version now has a different name; ClickHouse errors propagate.
 */
export async function migrateClickHouse(
  store: ClickHouseMigrationTarget,
  migrationsDir: string,
  options: ClickHouseMigrateOptions = {},
): Promise<{ applied: string[] }> {
  const migrations = await readMigrations(migrationsDir);
  if (options.database) await store.createDatabase(options.database);
  await store.command(BOOKKEEPING);
  const rows = await store.query<{ version: number; name: string }>(
    "SELECT version, name FROM schema_migrations FINAL ORDER BY version",
  );
  const done = new Map(rows.map((r) => [Number(r.version), r.name]));
  const applied: string[] = [];
  for (const m of migrations) {
    const recorded = done.get(m.version);
    if (recorded !== undefined) {
      if (recorded !== m.name)
        throw new Error(`ClickHouse migration ${m.version} was applied as '${recorded}' but the file is '${m.name}'`);
      continue;
    }
    for (const statement of m.statements) await store.command(statement);
    await store.insert("schema_migrations", [{ version: m.version, name: m.name }]);
    applied.push(`${String(m.version).padStart(4, "0")}_${m.name}`);
  }
  return { applied };
}

async function readMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE.exec(file);
    if (!match) throw new Error(`ClickHouse migration file name must be NNNN_name.sql: ${file}`);
    const version = Number(match[1]);
    if (migrations.at(-1)?.version === version) throw new Error(`Two ClickHouse migrations share version ${match[1]}`);
    migrations.push({ version, name: match[2]!, statements: splitStatements(await readFile(join(dir, file), "utf8")) });
  }
  return migrations;
}

/**
 * A statement ends with `;` at the end of a line; the HTTP interface runs one
 * statement per request. Chunks holding only comments are dropped.
 */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;[ \t]*(?:\r?\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.split("\n").some((line) => line.trim() !== "" && !line.trim().startsWith("--")));
}
