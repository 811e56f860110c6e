import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { S3BlobStore } from "@core/adapters/aws/s3-blob-store";
import { SqsJobQueue } from "@core/adapters/aws/sqs-job-queue";
import { ClickHouseTelemetryStore } from "@core/adapters/clickhouse/telemetry-store";
import { migrateClickHouse } from "@core/adapters/clickhouse/migrate";
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

/** Postgres on its server (`DATABASE_URL`); `lambda` keeps one connection per function instance. */
export function openPostgresServer(env: Env, options: { lambda?: boolean } = {}) {
  if (!env.DATABASE_URL) throw new Error("Invalid configuration: DATABASE_URL must be set");
  return openPostgresJs({ url: env.DATABASE_URL, max: options.lambda ? 1 : 10 });
}

/** ClickHouse over HTTP at `SIGHTLINE_CLICKHOUSE_URL`. */
export function openClickHouseServer(env: Env): ClickHouseTelemetryStore {
  if (!env.SIGHTLINE_CLICKHOUSE_URL) throw new Error("Invalid configuration: SIGHTLINE_CLICKHOUSE_URL must be set");
  return new ClickHouseTelemetryStore({ url: env.SIGHTLINE_CLICKHOUSE_URL, username: env.SIGHTLINE_CLICKHOUSE_USER, password: env.SIGHTLINE_CLICKHOUSE_PASSWORD, database: env.SIGHTLINE_CLICKHOUSE_DATABASE });
}

const awsClientOptions = (env: Env) => ({ region: env.AWS_REGION, ...(env.AWS_ENDPOINT_URL ? { endpoint: env.AWS_ENDPOINT_URL } : {}) });

/** The S3 bucket of raw batches and offloaded payloads (`SIGHTLINE_BUCKET`, any S3 endpoint). */
export const openS3BlobStore = (env: Env, bucket: string) => new S3BlobStore({ bucket, ...awsClientOptions(env), forcePathStyle: Boolean(env.AWS_ENDPOINT_URL) });

/** The ingest queue and its dead-letter queue on SQS. */
export function openSqsQueues(env: Env, queueUrl: string): Deps["queues"] {
  if (!env.SIGHTLINE_INGEST_DLQ_URL) throw new Error("Invalid configuration: SIGHTLINE_INGEST_QUEUE_URL needs SIGHTLINE_INGEST_DLQ_URL");
  return { ingest: new SqsJobQueue({ queueUrl, ...awsClientOptions(env) }), ingestDeadLetters: new SqsJobQueue({ queueUrl: env.SIGHTLINE_INGEST_DLQ_URL, ...awsClientOptions(env) }) };
}

/** Applies both stores' migrations, then moves the data that spans them (once both schemas are current). */
export async function migrateStores(db: Deps["db"], pg: { migrate(folder: string): Promise<void> }, ch: ClickHouseTelemetryStore, env: Env, migrations: string): Promise<void> {
  await Promise.all([pg.migrate(join(migrations, "postgres")), migrateClickHouse(ch, join(migrations, "clickhouse"), { database: env.SIGHTLINE_CLICKHOUSE_DATABASE })]);
  await Ingest.backfillTraceMirror({ db, ch });
}

/**
 * Every store on its real service, as on AWS. Nothing here can reach an embedded store (PGlite, chDB, the
 * file system, the local queue): those live in functions/local, which no Lambda entry imports, so a Lambda
 * bundle never carries a local-only package (docs/deployment.md).
 */
export async function openServiceStores(env: Env, options: { lambda?: boolean; migrationsDir?: string } = {}): Promise<Stores> {
  const migrations = options.migrationsDir ?? REPO_MIGRATIONS;
  if (!env.SIGHTLINE_BUCKET || !env.SIGHTLINE_INGEST_QUEUE_URL) throw new Error("Invalid configuration: SIGHTLINE_BUCKET and SIGHTLINE_INGEST_QUEUE_URL must be set");
  const pg = openPostgresServer(env, options);
  const ch = openClickHouseServer(env);
  return {
    db: pg.db,
    ch,
    blobs: openS3BlobStore(env, env.SIGHTLINE_BUCKET),
    queues: openSqsQueues(env, env.SIGHTLINE_INGEST_QUEUE_URL),
    migrate: () => migrateStores(pg.db, pg, ch, env, migrations),
    async close() {
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
