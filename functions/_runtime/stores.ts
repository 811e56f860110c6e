import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { S3BlobStore } from "@core/adapters/aws/s3-blob-store";
import { SqsJobQueue } from "@core/adapters/aws/sqs-job-queue";
import { ClickHouseTelemetryStore } from "@core/adapters/clickhouse/telemetry-store";
import { migrateClickHouse } from "@core/adapters/clickhouse/migrate";
import { DurableLocalQueue } from "@core/adapters/local/durable-local-queue";
import { FsBlobStore } from "@core/adapters/local/fs-blob-store";
import { guardedFetch } from "@core/adapters/http/guarded-fetch";
import { nodeOutboundHttp } from "@core/adapters/http/node-outbound-http";
import { createLlmProviders } from "@core/adapters/llm";
import { openPostgresJs } from "@core/adapters/postgres/postgres-js";
import * as Ingest from "@core/ingest";
import type { Deps } from "@core/platform/deps";
import { AppError } from "@core/platform/errors";
import { generateRingKey, keyRingFromSpec, type KeyRing } from "@core/platform/keyring";
import type { Env } from "./env";

/** The repository's migrations folder; a Lambda bundle ships a copy at its task root. */
export const REPO_MIGRATIONS = fileURLToPath(new URL("../../migrations", import.meta.url));

export interface Stores extends Pick<Deps, "db" | "ch" | "blobs" | "queues"> {
  /** Applies Postgres and ClickHouse migrations; a no-op when current. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Postgres alone, on its server or embedded (PGlite) under the data directory: for commands that need no other store. */
export async function openRelationalStore(env: Env, options: { lambda?: boolean } = {}) {
  if (env.DATABASE_URL) return openPostgresJs({ url: env.DATABASE_URL, max: options.lambda ? 1 : 10 });
  const dataDir = resolve(env.SIGHTLINE_DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  // PGlite is imported only when used, so Lambda bundles leave it out.
  return import("@core/adapters/postgres/pglite").then((m) => m.openPglite({ dataDir: join(dataDir, "pg") }));
}

/**
 * Opens each store on its real service when the environment names one, and on its
 * embedded stand-in under the data directory otherwise. `lambda` keeps one
 * Postgres connection per function instance.
 */
export async function openStores(env: Env, options: { lambda?: boolean; migrationsDir?: string } = {}): Promise<Stores> {
  const migrations = options.migrationsDir ?? REPO_MIGRATIONS;
  const dataDir = resolve(env.SIGHTLINE_DATA_DIR);
  // A fresh clone has no data directory yet; the embedded stores create only their own leaf.
  if (!env.DATABASE_URL || !env.SIGHTLINE_CLICKHOUSE_URL || !env.SIGHTLINE_BUCKET || !env.SIGHTLINE_INGEST_QUEUE_URL) await mkdir(dataDir, { recursive: true });
  const aws = { region: env.AWS_REGION, ...(env.AWS_ENDPOINT_URL ? { endpoint: env.AWS_ENDPOINT_URL } : {}) };
  const [pg, ch] = await Promise.all([
    openRelationalStore(env, options),
    Promise.resolve(
      env.SIGHTLINE_CLICKHOUSE_URL
        ? new ClickHouseTelemetryStore({ url: env.SIGHTLINE_CLICKHOUSE_URL, username: env.SIGHTLINE_CLICKHOUSE_USER, password: env.SIGHTLINE_CLICKHOUSE_PASSWORD, database: env.SIGHTLINE_CLICKHOUSE_DATABASE })
        : new ClickHouseTelemetryStore({ chdbPath: join(dataDir, "ch") }),
    ),
  ]);
  const blobs = env.SIGHTLINE_BUCKET
    ? new S3BlobStore({ bucket: env.SIGHTLINE_BUCKET, ...aws, forcePathStyle: Boolean(env.AWS_ENDPOINT_URL) })
    : new FsBlobStore(join(dataDir, "blobs"));
  let queues: Deps["queues"];
  let closeQueues = async () => {};
  if (env.SIGHTLINE_INGEST_QUEUE_URL) {
    if (!env.SIGHTLINE_INGEST_DLQ_URL) throw new Error("Invalid configuration: SIGHTLINE_INGEST_QUEUE_URL needs SIGHTLINE_INGEST_DLQ_URL");
    queues = { ingest: new SqsJobQueue({ queueUrl: env.SIGHTLINE_INGEST_QUEUE_URL, ...aws }), ingestDeadLetters: new SqsJobQueue({ queueUrl: env.SIGHTLINE_INGEST_DLQ_URL, ...aws }) };
  } else {
    const dlq = await DurableLocalQueue.open({ dir: join(dataDir, "queue", "ingest-dlq") });
    const ingest = await DurableLocalQueue.open({ dir: join(dataDir, "queue", "ingest"), maxReceiveCount: env.SIGHTLINE_MAX_RECEIVE_COUNT, deadLetter: dlq });
    queues = { ingest, ingestDeadLetters: dlq };
    closeQueues = async () => {
      await ingest.close();
      await dlq.close();
    };
  }
  return {
    db: pg.db,
    ch,
    blobs,
    queues,
    async migrate() {
      await Promise.all([pg.migrate(join(migrations, "postgres")), migrateClickHouse(ch, join(migrations, "clickhouse"), { database: env.SIGHTLINE_CLICKHOUSE_DATABASE })]);
      // Data that spans both stores moves once both schemas are current.
      await Ingest.backfillTraceMirror({ db: pg.db, ch });
    },
    async close() {
      await closeQueues();
      await Promise.all([pg.close(), ch.close()]);
    },
  };
}

const KEY_RING_FILE = "keyring";

/** A ring that refuses every use: AWS without SIGHTLINE_KEY_RING still serves everything but stored secrets. */
function missingKeyRing(): KeyRing {
  const refuse = (): never => {
    throw new AppError("unavailable", "No key ring is configured: set SIGHTLINE_KEY_RING (on AWS in the stage's secret) to store secrets");
  };
  return { activeKeyId: "", keyIds: [], encrypt: refuse, decrypt: refuse, canOpen: () => false, keyIdOf: () => null };
}

/**
 * The key ring that seals stored secrets: `SIGHTLINE_KEY_RING` when set. Otherwise, with `persist` (the
 * single-process runtime and its commands), the ring in `<data dir>/keyring`, made on first start with one
 * random key and file mode 0600, and reused after; without it, a ring that refuses to seal or open.
 * @throws KeyRingError `invalid_ring` for a malformed ring, naming the entry and never the key.
 */
export async function openKeyRing(env: Env, options: { persist: boolean }): Promise<KeyRing> {
  if (env.SIGHTLINE_KEY_RING) return keyRingFromSpec(env.SIGHTLINE_KEY_RING);
  if (!options.persist) return missingKeyRing();
  const file = join(resolve(env.SIGHTLINE_DATA_DIR), KEY_RING_FILE);
  try {
    return keyRingFromSpec(await readFile(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dirname(file), { recursive: true });
  try {
    // `wx`: a second process starting at the same moment keeps the first one's ring.
    await writeFile(file, `k1:${generateRingKey()}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return keyRingFromSpec(await readFile(file, "utf8"));
}

/** Largest provider answer read; a judge's answer is a few kilobytes. */
const MAX_LLM_ANSWER_BYTES = 4 * 1024 * 1024;

/** The judge providers of this process, with the environment's retry policy and concurrency bound, behind the outbound address policy. */
export const openLlmProviders = (env: Env, allowPrivateAddresses: boolean) =>
  createLlmProviders(guardedFetch({ allowPrivate: allowPrivateAddresses, maxResponseBytes: MAX_LLM_ANSWER_BYTES }), { concurrency: env.SIGHTLINE_LLM_CONCURRENCY, timeoutMs: env.SIGHTLINE_LLM_TIMEOUT_MS, maxRetries: env.SIGHTLINE_LLM_MAX_RETRIES });

/** Outbound calls to customer addresses with the configured time limit; private addresses as the runtime allows. */
export const openOutbound = (env: Env, allowPrivateAddresses: boolean) => nodeOutboundHttp({ timeoutMs: env.SIGHTLINE_OUTBOUND_TIMEOUT_MS, allowPrivateAddresses });
