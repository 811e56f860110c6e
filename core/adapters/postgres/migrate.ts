import type { Db } from "../../platform/db";

/**
 * An open Postgres connection, whichever driver is behind it. Each opener binds
 * `migrate` to its own driver's migrator, so composition roots and tests can
 * migrate without knowing whether they hold postgres.js or PGlite.
 */
export interface PostgresHandle {
  db: Db;
  /** Applies the drizzle-kit migrations in `migrationsFolder` that have not run yet. */
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Applies pending drizzle-kit migrations; re-running is a no-op because drizzle
 * records each applied file (by hash and timestamp) in `drizzle.__drizzle_migrations`.
 */
export function migratePostgres(handle: PostgresHandle, migrationsFolder: string): Promise<void> {
  return handle.migrate(migrationsFolder);
}
