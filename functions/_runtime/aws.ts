import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { z } from "zod";
import { jsonLog } from "@core/adapters/system/json-log";
import { randomIds } from "@core/adapters/system/random-ids";
import { systemClock } from "@core/adapters/system/system-clock";
import type { Deps } from "@core/platform/deps";
import { parseEnv, type Env } from "./env";
import { openKeyRing, openLlmProviders, openOutbound, openServiceStores } from "./stores";

/** Connection settings kept in Secrets Manager (the stack passes only the secret's ARN). */
const Secrets = z.record(z.string(), z.string());

export async function readSecrets(arn: string, region: string, endpoint?: string): Promise<Record<string, string>> {
  const client = new SecretsManagerClient({ region, ...(endpoint ? { endpoint } : {}) });
  const answer = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  // The stack creates every key empty; an empty value means "not set".
  return Object.fromEntries(Object.entries(Secrets.parse(JSON.parse(answer.SecretString ?? "{}"))).filter(([, v]) => v !== ""));
}

const REQUIRED_ON_AWS = ["DATABASE_URL", "SIGHTLINE_CLICKHOUSE_URL", "SIGHTLINE_BUCKET", "SIGHTLINE_INGEST_QUEUE_URL", "SIGHTLINE_INGEST_DLQ_URL"] as const;

/** The environment of a Lambda, completed from the stack's secret; every store must be a real service. */
export async function resolveAwsEnv(source: Record<string, string | undefined>): Promise<Env> {
  const initial = parseEnv(source);
  const secrets = initial.SIGHTLINE_SECRETS_ARN ? await readSecrets(initial.SIGHTLINE_SECRETS_ARN, initial.AWS_REGION, initial.AWS_ENDPOINT_URL_SECRETS_MANAGER ?? initial.AWS_ENDPOINT_URL) : {};
  // Values in the secret fill what the plain environment leaves unset.
  const env = parseEnv({ ...secrets, ...source });
  const missing = REQUIRED_ON_AWS.filter((name) => !env[name]);
  if (missing.length) throw new Error(`Invalid configuration: ${missing.join(", ")} must be set on AWS (in the environment or the secret)`);
  return env;
}

/** The AWS composition root: environment (+ the secret) → Config → AWS adapters. Once per cold start. */
export async function buildAwsDeps(source: Record<string, string | undefined>): Promise<Deps> {
  const env = await resolveAwsEnv(source);
  const stores = await openServiceStores(env, { lambda: true });
  return {
    ...stores,
    clock: systemClock,
    ids: randomIds,
    log: jsonLog({ level: env.SIGHTLINE_LOG_LEVEL }),
    // From the stage's secret (never plain Lambda environment); without it stored secrets answer 503.
    keyRing: await openKeyRing(env, { persist: false }),
    llm: openLlmProviders(env, env.SIGHTLINE_ALLOW_PRIVATE_URLS ?? false),
    outbound: openOutbound(env, env.SIGHTLINE_ALLOW_PRIVATE_URLS ?? false),
    config: {
      allowPrivateUrls: env.SIGHTLINE_ALLOW_PRIVATE_URLS ?? false,
      maxBodyBytes: env.SIGHTLINE_MAX_BODY_BYTES,
      maxReceiveCount: env.SIGHTLINE_MAX_RECEIVE_COUNT,
      // Many Lambda instances share one Postgres: nothing relational may be cached as exact.
      ownsRelationalStore: false,
    },
  };
}
