import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Worker } from "node:worker_threads";
import { DEFAULT_DATA_DIR } from "../_runtime/data-dir";
import type { Env } from "../_runtime/env";
import { startCjsTsThread } from "./thread-boot";

const ENTRY = new URL("./pglite-thread-entry.ts", import.meta.url);

/** Embedded Postgres's directory under the data directory. */
export const embeddedPgDir = (env: Pick<Env, "SIGHTLINE_DATA_DIR">) => join(resolve(env.SIGHTLINE_DATA_DIR), "pg");

/**
 * Whether the local runtime's queues drain in the background (`poll`), and whether the ingest worker and embedded
 * Postgres then run on threads of their own (docs/ingest.md, "The local worker").
 */
export function localThreads(
  env: Pick<Env, "SIGHTLINE_RUN_WORKERS" | "SIGHTLINE_INGEST_THREAD">,
  background: boolean,
): { poll: boolean; threads: boolean } {
  const poll = background && env.SIGHTLINE_RUN_WORKERS !== false;
  return { poll, threads: poll && env.SIGHTLINE_INGEST_THREAD !== false };
}

/** A flag as functions/_runtime/env.ts reads it ("true"/"1", "false"/"0"); anything else is left to its check. */
const rawFlag = (value: string | undefined) =>
  value === "true" || value === "1" ? true : value === "false" || value === "0" ? false : undefined;

/**
 * Where `npm start`'s embedded Postgres thread opens before the rest of the app loads; null when it has none. It
 * reads the few variables it needs as they are, before the schema of the whole environment loads (zod and its
 * checks take a few hundred milliseconds to load): the app parses all of them next, and a bad value still stops
 * the start-up (docs/architecture.md, "Start-up").
 */
export function earlyPgDir(source: Record<string, string | undefined>): string | null {
  const env = {
    SIGHTLINE_RUN_WORKERS: rawFlag(source.SIGHTLINE_RUN_WORKERS),
    SIGHTLINE_INGEST_THREAD: rawFlag(source.SIGHTLINE_INGEST_THREAD),
  };
  if (source.DATABASE_URL || !localThreads(env, true).threads) return null;
  return embeddedPgDir({ SIGHTLINE_DATA_DIR: source.SIGHTLINE_DATA_DIR ?? DEFAULT_DATA_DIR });
}

/** `npm start`'s embedded Postgres thread, started at once (`earlyPgDir`); null when it has none. */
export function bootEarly(source: Record<string, string | undefined>): Promise<Worker> | null {
  const dir = earlyPgDir(source);
  return dir === null ? null : mkdir(dir, { recursive: true }).then(() => bootPgliteThread(dir));
}

/**
 * Starts embedded Postgres's thread on `dataDir` and settles once PGlite has opened in it. Apart from
 * pglite-thread.ts (drizzle's side of the connection) so that `npm start` can start it before loading the rest
 * of the app: the thread's start-up then overlaps that module loading (docs/architecture.md, "Start-up").
 */
export async function bootPgliteThread(dataDir: string): Promise<Worker> {
  const worker = startCjsTsThread(ENTRY, { workerData: { dataDir } });
  await new Promise<void>((ready, failed) => {
    const onMessage = (m: { ready?: boolean }) => {
      if (m?.ready !== true) return;
      worker.off("message", onMessage);
      worker.off("error", failed);
      ready();
    };
    worker.on("message", onMessage);
    worker.once("error", failed);
    worker.once("exit", (code) => failed(new Error(`The embedded Postgres thread exited at start (code ${code})`)));
  });
  return worker;
}
