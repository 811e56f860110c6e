import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "../../platform/schema";
import type { PostgresHandle } from "./migrate";

export interface PostgresJsOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** Pool size; use 1 in Lambda, where one invocation runs at a time per instance. */
  max?: number;
}

/** Opens drizzle over a postgres.js pool (the AWS runtime and tests against a server). */
export function openPostgresJs(options: PostgresJsOptions): PostgresHandle {
  const client = postgres(options.url, {
    max: options.max ?? 10,
    // Postgres NOTICEs (e.g. "schema already exists, skipping" while migrating) are not errors.
    onnotice: () => {},
  });
  const db = drizzle(client, { schema });
  return {
    db,
    migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
    close: () => client.end({ timeout: 5 }),
  };
}
