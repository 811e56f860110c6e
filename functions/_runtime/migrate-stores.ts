import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrateClickHouse } from "@core/adapters/clickhouse/migrate";
import type { ClickHouseTelemetryStore } from "@core/adapters/clickhouse/telemetry-store";
import type { Deps } from "@core/platform/deps";
import * as Telemetry from "@core/telemetry";
import type { Env } from "./env";

/*
 * What every composition root's stores share, on real services (./stores.ts) or embedded (functions/local/stores.ts):
 * apart from either, so that `npm start` loads no Postgres server driver it does not use.
 */

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
