import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrateClickHouse } from "@core/adapters/clickhouse/migrate";
import type { ClickHouseTelemetryStore } from "@core/adapters/clickhouse/telemetry-store";
import type { Deps } from "@core/platform/deps";
import * as Telemetry from "@core/telemetry";
import type { Env } from "./env";
import { openS3BlobStore } from "./ports/blobs";
import { openSqsQueues } from "./ports/queues";
import { openClickHouseServer } from "./ports/telemetry";
import { openPostgresServer } from "./postgres";

/** The repository's migrations folder; a Lambda bundle ships a copy at its task root. */
export const REPO_MIGRATIONS = fileURLToPath(new URL("../../migrations", import.meta.url));

export interface Stores extends Pick<Deps, "db" | "telemetry" | "blobs" | "queues"> {
  /** Applies Postgres and ClickHouse migrations; a no-op when current. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Applies both stores' migrations, then moves the data that spans them (once both schemas are current). */
export async function migrateStores(
  db: Deps["db"],
  pg: { migrate(folder: string): Promise<void> },
  ch: ClickHouseTelemetryStore,
  env: Env,
  migrations: string,
): Promise<void> {
  await Promise.all([
    pg.migrate(join(migrations, "postgres")),
    migrateClickHouse(ch, join(migrations, "clickhouse"), { database: env.SIGHTLINE_CLICKHOUSE_DATABASE }),
  ]);
  await Telemetry.backfillTraceMirror({ db, telemetry: ch });
}

/**
 * Every store on its real service, as on AWS. Nothing here can reach an embedded store (PGlite, chDB, the
 * file system, the local queue): those live in functions/local, which no Lambda entry imports, so a Lambda
 * bundle never carries a local-only package (docs/deployment.md).
 */
export async function openServiceStores(
  env: Env,
  options: { lambda?: boolean; migrationsDir?: string } = {},
): Promise<Stores> {
  const migrations = options.migrationsDir ?? REPO_MIGRATIONS;
  if (!env.SIGHTLINE_BUCKET || !env.SIGHTLINE_INGEST_QUEUE_URL)
    throw new Error("Invalid configuration: SIGHTLINE_BUCKET and SIGHTLINE_INGEST_QUEUE_URL must be set");
  const pg = openPostgresServer(env, options);
  const ch = openClickHouseServer(env);
  return {
    db: pg.db,
    telemetry: ch,
    blobs: openS3BlobStore(env, env.SIGHTLINE_BUCKET),
    queues: openSqsQueues(env, env.SIGHTLINE_INGEST_QUEUE_URL),
    migrate: () => migrateStores(pg.db, pg, ch, env, migrations),
    async close() {
      await Promise.all([pg.close(), ch.close()]);
    },
  };
}
