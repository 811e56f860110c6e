import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { openPglite } from "@core/adapters/postgres/pglite";
import type { PostgresHandle } from "@core/adapters/postgres/migrate";
import { openPostgresJs } from "@core/adapters/postgres/postgres-js";
import { describeRelationalDb } from "./relational-db.contract";

describeRelationalDb("PGlite in memory", () => openPglite());

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) describeRelationalDb("Postgres server", () => openScratchDatabase(serverUrl));

/**
 * A database of its own per run, so migrations start from nothing and parallel
 * runs cannot collide; dropped on close. Falls back to `url` itself when the
 * role may not create databases (the suite's ids are unique per run anyway).
 */
async function openScratchDatabase(url: string): Promise<PostgresHandle> {
  const name = `sightline_test_${randomUUID().replaceAll("-", "")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch {
    await admin.end();
    return openPostgresJs({ url, max: 4 });
  }
  const scratchUrl = new URL(url);
  scratchUrl.pathname = `/${name}`;
  const handle = openPostgresJs({ url: scratchUrl.toString(), max: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
