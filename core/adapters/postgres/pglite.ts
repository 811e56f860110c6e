import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import * as schema from "../../platform/schema";
import type { PostgresHandle } from "./migrate";

export interface PgliteOptions {
  /** Directory holding the database; omitted, the database lives in memory and dies with `close()`. */
  dataDir?: string;
}

/**
 * Opens drizzle over embedded PGlite (the local runtime and tests). PGlite is a
 * single connection in this process, and a data directory must not be opened
 * by two processes at once.
 */
export async function openPglite(options: PgliteOptions = {}): Promise<PostgresHandle> {
  const client = await PGlite.create(options.dataDir === undefined ? {} : { dataDir: options.dataDir });
  const db = drizzle({ client, schema });
  return {
    db,
    migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
