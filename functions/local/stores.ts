import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Worker } from "node:worker_threads";
import type { AwsCredentialSource, AwsCredentials } from "@core/adapters/aws/signed-fetch";
import { ClickHouseTelemetryStore } from "@core/adapters/clickhouse/telemetry-store";
import { DurableLocalQueue } from "@core/adapters/local/durable-local-queue";
import { FsBlobStore } from "@core/adapters/local/fs-blob-store";
import type { Deps } from "@core/platform/deps";
import type { Log } from "@core/platform/ports";
import type { Env } from "../_runtime/env";
import { migrateStores, REPO_MIGRATIONS, type Stores } from "../_runtime/migrate-stores";
import { awsCredentials } from "../_runtime/ports/aws-options";
import { openS3BlobStore } from "../_runtime/ports/blobs";
import { openSqsQueues } from "../_runtime/ports/queues";
import { openClickHouseServer } from "../_runtime/ports/telemetry";
import { openPgliteThread, type PgliteThread } from "./pglite-thread";
import { embeddedPgDir } from "./pglite-thread-boot";

/*
 * The single-process runtime's stores: each on its real service when the environment names one, else on its
 * embedded stand-in under the data directory. Only the local runtime and the commands import this file, so
 * PGlite and chDB never reach a Lambda bundle (docs/deployment.md).
 */

/** Postgres alone, on its server or embedded (PGlite) under the data directory: for commands that need no other store. */
export async function openRelationalStore(env: Env) {
  // The server's driver loads only when it is used (docs/architecture.md, "Start-up").
  if (env.DATABASE_URL) return (await import("../_runtime/postgres")).openPostgresServer(env);
  await mkdir(resolve(env.SIGHTLINE_DATA_DIR), { recursive: true });
  // Loaded here: `npm start`'s thread has PGlite in it, this thread needs none (docs/architecture.md, "Start-up").
  const { openPglite } = await import("@core/adapters/postgres/pglite");
  return openPglite({ dataDir: embeddedPgDir(env) });
}

async function openLocalQueues(dataDir: string, env: Env): Promise<{ queues: Deps["queues"]; close(): Promise<void> }> {
  const open = async (name: string) => {
    const dlq = await DurableLocalQueue.open({ dir: join(dataDir, "queue", `${name}-dlq`) });
    const queue = await DurableLocalQueue.open({
      dir: join(dataDir, "queue", name),
      maxReceiveCount: env.SIGHTLINE_MAX_RECEIVE_COUNT,
      deadLetter: dlq,
    });
    return [queue, dlq] as const;
  };
  const [ingest, ingestDeadLetters] = await open("ingest");
  const [evaluations, evalDeadLetters] = await open("eval");
  const [experiment, experimentDeadLetters] = await open("experiment");
  const all = [ingest, ingestDeadLetters, evaluations, evalDeadLetters, experiment, experimentDeadLetters];
  return {
    queues: { ingest, ingestDeadLetters, eval: evaluations, evalDeadLetters, experiment, experimentDeadLetters },
    async close() {
      for (const q of all) await q.close();
    },
  };
}

export interface LocalStores extends Stores {
  /** Embedded Postgres on a thread of its own, when asked for and no server is named; null otherwise. */
  pgliteThread: PgliteThread | null;
}

/**
 * Opens each store on its real service when the environment names one, and on its embedded stand-in otherwise.
 * `pgliteThread` puts embedded Postgres on a thread of its own (`npm start`: docs/ingest.md, "The local worker").
 */
export async function openStores(
  env: Env,
  options: { pgliteThread?: { log: Log; booting?: Promise<Worker> } } = {},
): Promise<LocalStores> {
  const dataDir = resolve(env.SIGHTLINE_DATA_DIR);
  // A fresh clone has no data directory yet; the embedded stores create only their own leaf.
  if (!env.DATABASE_URL || !env.SIGHTLINE_CLICKHOUSE_URL || !env.SIGHTLINE_BUCKET || !env.SIGHTLINE_INGEST_QUEUE_URL)
    await mkdir(dataDir, { recursive: true });
  // The thread starts (and PGlite opens in it) while this thread opens the queues.
  const pgliteOpening =
    options.pgliteThread && !env.DATABASE_URL
      ? openPgliteThread(embeddedPgDir(env), options.pgliteThread.log, options.pgliteThread.booting)
      : Promise.resolve(null);
  const ch = env.SIGHTLINE_CLICKHOUSE_URL
    ? openClickHouseServer(env)
    : new ClickHouseTelemetryStore({ chdbPath: join(dataDir, "ch") });
  const blobs = env.SIGHTLINE_BUCKET
    ? openS3BlobStore(env, env.SIGHTLINE_BUCKET, awsCredentials(env, sdkCredentialChain()))
    : new FsBlobStore(join(dataDir, "blobs"));
  const [pgliteThread, local] = await Promise.all([
    pgliteOpening,
    env.SIGHTLINE_INGEST_QUEUE_URL ? null : openLocalQueues(dataDir, env),
    // chDB loads its engine at the first statement (about 0.2 s): here, while embedded Postgres opens on its thread.
    env.SIGHTLINE_CLICKHOUSE_URL ? null : ch.query("SELECT 1"),
  ]);
  const pg = pgliteThread ?? (await openRelationalStore(env));
  return {
    pgliteThread,
    db: pg.db,
    telemetry: ch,
    blobs,
    queues: local
      ? local.queues
      : openSqsQueues(env, env.SIGHTLINE_INGEST_QUEUE_URL!, awsCredentials(env, sdkCredentialChain())),
    migrate: () => migrateStores(pg.db, pg, ch, env, REPO_MIGRATIONS),
    async close() {
      await local?.close();
      await Promise.all([pg.close(), ch.close()]);
    },
  };
}

/**
 * The AWS SDK's credential provider chain (environment, shared profiles, SSO, containers, instance roles),
 * for AWS services used outside Lambda; a Lambda bundle never carries it (docs/deployment.md).
 */
export function sdkCredentialChain(): AwsCredentialSource {
  // Loaded at the first request that needs it, not with every `npm start` (docs/architecture.md, "Start-up").
  let chain: Promise<() => Promise<AwsCredentials>> | undefined;
  return async () => {
    chain ??= import("@aws-sdk/credential-provider-node").then(({ defaultProvider }) => defaultProvider());
    return (await chain)();
  };
}
