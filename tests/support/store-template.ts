import { cpSync, existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cachedDir, hashFiles, listFiles } from "./cache";
import { runChild } from "./run-child";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** What the template depends on: the migrations, the code that applies them and the embedded engines' versions. */
const inputs = () => [
  ...listFiles(join(root, "migrations")),
  ...[
    "functions/_runtime/stores.ts",
    "functions/local/stores.ts",
    "core/adapters/clickhouse/migrate.ts",
    "tests/support/make-store-template.ts",
  ].map((f) => join(root, f)),
  ...["@electric-sql/pglite", "chdb"].map((p) => join(root, "node_modules", p, "package.json")),
];

/**
 * A data directory whose embedded stores are initialised and migrated, built once per change of its inputs.
 * A new PGlite directory takes seconds to initialise (docs/benchmarks.md, "Test suite"); a copy opens in under one.
 */
export function storeTemplate(): Promise<string> {
  return cachedDir("store-template", hashFiles(inputs()), async (dir) => {
    const { code, output } = await runChild(
      process.execPath,
      ["--import", "tsx", join(root, "tests/support/make-store-template.ts"), dir],
      { cwd: root, env: { ...process.env, SIGHTLINE_LOG_LEVEL: "silent" } },
    );
    if (code !== 0) throw new Error(`building the store template failed:\n${output}`);
  });
}

/**
 * Copies the template's migrated stores into `dataDir`, a new empty data directory, for every store `env` leaves
 * embedded (Postgres without DATABASE_URL, ClickHouse without SIGHTLINE_CLICKHOUSE_URL). The service then opens
 * them as it opens the stores of an earlier run; its migrations still run and find nothing to do.
 */
export async function seedDataDir(dataDir: string, env: Record<string, string | undefined> = {}): Promise<void> {
  const template = await storeTemplate();
  // chDB links its tables with relative symlinks: copied verbatim, the copy stands alone.
  if (!env.DATABASE_URL && !existsSync(join(dataDir, "pg")))
    cpSync(join(template, "pg"), join(dataDir, "pg"), { recursive: true, verbatimSymlinks: true });
  if (!env.SIGHTLINE_CLICKHOUSE_URL && !existsSync(join(dataDir, "ch")))
    cpSync(join(template, "ch"), join(dataDir, "ch"), { recursive: true, verbatimSymlinks: true });
}
