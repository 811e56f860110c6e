import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PostgresHandle } from "@core/adapters/postgres/migrate";
import { openPglite } from "@core/adapters/postgres/pglite";
import { openPostgresJs } from "@core/adapters/postgres/postgres-js";
import { jsonLog } from "@core/adapters/system/json-log";
import { openPgliteThread } from "@functions/local/pglite-thread";
import { createScratchDatabase } from "../support/scratch-db";
import { describeRelationalDb } from "./relational-db.contract";

describeRelationalDb("PGlite in memory", () => openPglite());
// `npm start`'s embedded Postgres: on a thread of its own, drizzle's statements and transactions sent to it.
describeRelationalDb("PGlite on its own thread", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sightline-pglite-thread-"));
  const handle = await openPgliteThread(dir, jsonLog({ level: "error" }));
  return { ...handle, close: () => handle.close().finally(() => rmSync(dir, { recursive: true, force: true })) };
});

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
