import { getSecretString } from "@core/adapters/aws/secrets-manager";
import type { AwsCredentialSource } from "@core/adapters/aws/signed-fetch";
import { jsonLog } from "@core/adapters/system/json-log";
import { randomIds } from "@core/adapters/system/random-ids";
import { systemClock } from "@core/adapters/system/system-clock";
import { Caches } from "@core/platform/cache";
import type { Config } from "@core/platform/config";
import { RateLimiter } from "@core/ratelimits";
import * as z from "zod";
import { type Env, parseEnv } from "./env";
import { openKeyRing } from "./key-ring";
import type { BaseDeps } from "./ports";
import { awsClientOptions, awsCredentials } from "./ports/aws-options";
import { openPostgresServer } from "./postgres";

/** Connection settings kept in Secrets Manager (the stack passes only the secret's ARN). */
const Secrets = z.record(z.string(), z.string());

/** The stage's secret of `env` (SIGHTLINE_SECRETS_ARN), as settings; `credentials` default to the environment's. */
export async function readSecrets(
  env: Env,
  credentials: AwsCredentialSource = awsCredentials(env),
): Promise<Record<string, string>> {
  if (!env.SIGHTLINE_SECRETS_ARN) return {};
  const text = await getSecretString(env.SIGHTLINE_SECRETS_ARN, {
    ...awsClientOptions(env, env.AWS_ENDPOINT_URL_SECRETS_MANAGER),
    credentials,
  });
  // The stack creates every key empty; an empty value means "not set".
  return Object.fromEntries(Object.entries(Secrets.parse(JSON.parse(text))).filter(([, v]) => v !== ""));
}

const REQUIRED_ON_AWS = [
  "DATABASE_URL",
  "SIGHTLINE_CLICKHOUSE_URL",
  "SIGHTLINE_BUCKET",
  "SIGHTLINE_INGEST_QUEUE_URL",
  "SIGHTLINE_INGEST_DLQ_URL",
  "SIGHTLINE_EVAL_QUEUE_URL",
  "SIGHTLINE_EVAL_DLQ_URL",
  "SIGHTLINE_EXPERIMENT_QUEUE_URL",
  "SIGHTLINE_EXPERIMENT_DLQ_URL",
] as const;

/** The environment of a Lambda, completed from the stack's secret; every store must be a real service. */
export async function resolveAwsEnv(source: Record<string, string | undefined>): Promise<Env> {
  const initial = parseEnv(source);
  const secrets = await readSecrets(initial);
  // Values in the secret fill what the plain environment leaves unset.
  const env = parseEnv({ ...secrets, ...source });
  const missing = REQUIRED_ON_AWS.filter((name) => !env[name]);
  if (missing.length)
    throw new Error(
      `Invalid configuration: ${missing.join(", ")} must be set on AWS (in the environment or the secret)`,
    );
  return env;
}

/**
 * The AWS composition root: environment (+ the secret) → Config → the base dependencies, once per cold
 * start. The ports a handler declares are opened from the same environment (deps.ts).
 */
export async function buildAwsBase(source: Record<string, string | undefined>): Promise<{ env: Env; deps: BaseDeps }> {
  const env = await resolveAwsEnv(source);
  const db = openPostgresServer(env, { lambda: true }).db;
  const log = jsonLog({ level: env.SIGHTLINE_LOG_LEVEL });
  const caches = new Caches();
  // From the stage's secret (never plain Lambda environment); without it stored secrets answer 503.
  const keyRing = await openKeyRing(env, { persist: false });
  const config: Config = {
    allowPrivateUrls: env.SIGHTLINE_ALLOW_PRIVATE_URLS ?? false,
    maxBodyBytes: env.SIGHTLINE_MAX_BODY_BYTES,
    mediaMaxBytes: env.SIGHTLINE_MEDIA_MAX_BYTES,
    maxReceiveCount: env.SIGHTLINE_MAX_RECEIVE_COUNT,
    rateLimits: env.SIGHTLINE_RATE_LIMITS,
    githubApiUrl: env.SIGHTLINE_GITHUB_API_URL,
    // Many Lambda instances share one Postgres: nothing relational may be cached as exact.
    ownsRelationalStore: false,
  };
  const deps: BaseDeps = {
    db,
    clock: systemClock,
    ids: randomIds,
    caches,
    // Leases from the shared Postgres, so every instance draws on the same buckets (docs/rate-limits.md).
    rateLimiter: new RateLimiter(),
    log,
    keyRing,
    config,
  };
  return { env, deps };
}
