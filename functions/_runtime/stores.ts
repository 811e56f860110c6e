import type { Env } from "./env";
import { migrateStores, REPO_MIGRATIONS, type Stores } from "./migrate-stores";
import { openS3BlobStore } from "./ports/blobs";
import { openSqsQueues } from "./ports/queues";
import { openClickHouseServer } from "./ports/telemetry";
import { openPostgresServer } from "./postgres";

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
