import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Worker } from "node:worker_threads";
import type { Env } from "../_runtime/env";
import { startTsThread } from "./thread-boot";

const ENTRY = new URL("./pglite-thread-entry.ts", import.meta.url);

/** Embedded Postgres's directory under the data directory. */
export const embeddedPgDir = (env: Pick<Env, "SIGHTLINE_DATA_DIR">) => join(resolve(env.SIGHTLINE_DATA_DIR), "pg");

/**
 * Whether the local runtime's queues drain in the background (`poll`), and whether the ingest worker and embedded
 * Postgres then run on threads of their own (docs/ingest.md, "The local worker").
 */
export function localThreads(env: Env, background: boolean): { poll: boolean; threads: boolean } {
  const poll = background && env.SIGHTLINE_RUN_WORKERS !== false;
  return { poll, threads: poll && env.SIGHTLINE_INGEST_THREAD !== false };
}

/** `npm start`'s embedded Postgres thread, started before the rest of the app loads; null when it has none. */
export function bootEarly(env: Env): Promise<Worker> | null {
  if (env.DATABASE_URL || !localThreads(env, true).threads) return null;
  const dir = embeddedPgDir(env);
  return mkdir(dir, { recursive: true }).then(() => bootPgliteThread(dir));
}

/**
 * Starts embedded Postgres's thread on `dataDir` and settles once PGlite has opened in it. Apart from
 * pglite-thread.ts (drizzle's side of the connection) so that `npm start` can start it before loading the rest
 * of the app: the thread's start-up then overlaps that module loading (docs/architecture.md, "Start-up").
 */
export async function bootPgliteThread(dataDir: string): Promise<Worker> {
  const worker = startTsThread(ENTRY, { workerData: { dataDir } });
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
