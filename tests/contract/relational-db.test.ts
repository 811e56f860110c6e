import type { PostgresHandle } from "@core/adapters/postgres/migrate";
import { openPglite } from "@core/adapters/postgres/pglite";
import { openPostgresJs } from "@core/adapters/postgres/postgres-js";
import { createScratchDatabase } from "../support/scratch-db";
import { describeRelationalDb } from "./relational-db.contract";

describeRelationalDb("PGlite in memory", () => openPglite());

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) describeRelationalDb("Postgres server", () => openScratchDatabase(serverUrl));

/** A database of its own per run; falls back to `url` itself when the role may not create databases. */
async function openScratchDatabase(url: string): Promise<PostgresHandle> {
  const scratch = await createScratchDatabase(url);
  if (!scratch) return openPostgresJs({ url, max: 4 });
  const handle = openPostgresJs({ url: scratch.url, max: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}
