import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateRingKey } from "@core/platform/keyring";
import { afterAll, beforeAll, expect } from "vitest";
import { type ClickHouseShim, startClickHouseShim } from "../support/clickhouse-http-shim";
import { createBucket, createQueuePair, type Fauxqs, startEmulator } from "../support/fauxqs";
import { type LambdaInvokeServer, startLambdaInvokeServer } from "../support/lambda-invoke-server";
import { createScratchDatabase } from "../support/scratch-db";

export { postgresAnswers } from "../support/scratch-db";

import { startSecretsManagerFake } from "../support/secrets-manager-fake";
import { allFunctions, bundleWithPackages, isolate } from "./bundle";
import { apiGatewayEvent } from "./events";
import { type Invocation, invoke } from "./invoke";

/*
 * The Lambda-fidelity suite's deployment on loopback (docs/deployment.md, "Offline checks"): every function bundled
 * as `sst deploy` bundles it, copied into a task root with no node_modules above it and run in a child process as
 * the Lambda runtime runs it, against the machine's Postgres, fauxqs for S3 and SQS, a Secrets Manager fake, ClickHouse
 * over HTTP (chDB behind a shim) and Lambda's Invoke API for the model-call function.
 */
const PG_ADMIN = "postgres://postgres@127.0.0.1:5432/test";
export const SECRET_ARN = "arn:aws:secretsmanager:us-east-1:123456789012:secret:sightline/test/secrets-AbCdEf";
/** The same stage with sign-in configured (docs/auth.md, "The auth secret"). */
export const SIGN_IN_SECRET_ARN =
  "arn:aws:secretsmanager:us-east-1:123456789012:secret:sightline/sign-in/secrets-GhIjKl";
export const KEY = { publicKey: "pk-sl-fidelity", secretKey: "sk-sl-fidelity" };
export const auth = {
  authorization: `Basic ${Buffer.from(`${KEY.publicKey}:${KEY.secretKey}`).toString("base64")}`,
};
export const MODEL_CALL = "functions/workers/model-call.handler";
export const INGEST_QUEUE_ARN = "arn:aws:sqs:us-east-1:000000000000:ingest-fidelity";

/** The environment stacks/lambda.ts gives every function (values for this run). */
export const stackEnvironment = (over: Record<string, string> = {}) => ({
  SIGHTLINE_BUCKET: "sightline-test-ingest",
  SIGHTLINE_INGEST_QUEUE_URL: "http://127.0.0.1:1/123456789012/ingest",
  SIGHTLINE_INGEST_DLQ_URL: "http://127.0.0.1:1/123456789012/ingest-dlq",
  SIGHTLINE_EVAL_QUEUE_URL: "http://127.0.0.1:1/123456789012/eval",
  SIGHTLINE_EVAL_DLQ_URL: "http://127.0.0.1:1/123456789012/eval-dlq",
  SIGHTLINE_EXPERIMENT_QUEUE_URL: "http://127.0.0.1:1/123456789012/experiment",
  SIGHTLINE_EXPERIMENT_DLQ_URL: "http://127.0.0.1:1/123456789012/experiment-dlq",
  SIGHTLINE_SECRETS_ARN: SECRET_ARN,
  SIGHTLINE_MAX_RECEIVE_COUNT: "5",
  SIGHTLINE_EVENT_BUS_NAME: "sightline-test-events",
  AWS_REGION: "us-east-1",
  AWS_ACCESS_KEY_ID: "test",
  AWS_SECRET_ACCESS_KEY: "test",
  ...over,
});

/**
 * Every function's bundle (built once per run, shared through the bundle cache), each copied into its own task
 * root when first invoked, in a temporary directory of the test file's own. Registers the file's hooks.
 */
export function bundledTasks() {
  const root = mkdtempSync(join(tmpdir(), "sightline-lambda-"));
  const functions = allFunctions();
  let built: Map<string, string> | undefined;
  const placed = new Map<string, string>();
  const taskRoot = (handler: string) => join(root, "tasks", handler.replace(/[^a-z0-9]+/gi, "-"));
  beforeAll(async () => {
    built = (await bundleWithPackages(functions)).files;
  }, 240_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  /** The bundle of `handler` in its task root. */
  const bundleOf = (handler: string) => {
    let file = placed.get(handler);
    if (!file) {
      file = isolate(handler, built!.get(handler)!, taskRoot(handler));
      placed.set(handler, file);
    }
    return file;
  };
  return {
    root,
    functions,
    taskRoot,
    bundleOf,
    /** One invocation of `handler`'s bundle as Lambda runs it, in a fresh runtime process. */
    run: (handler: string, event: unknown, env: Record<string, string>): Promise<Invocation> =>
      invoke(taskRoot(handler), bundleOf(handler), event, env),
  };
}
export type BundledTasks = ReturnType<typeof bundledTasks>;

/** The deployment's stores and AWS stand-ins, and the environment its functions get. */
export interface AwsShape {
  env: Record<string, string>;
  emulator: Fauxqs;
  queueUrl: string;
  evalQueueUrl: string;
  experimentQueueUrl: string;
  secrets: Awaited<ReturnType<typeof startSecretsManagerFake>>;
  lambda: LambdaInvokeServer;
  stop(): Promise<void>;
}

/** Starts the deployment on loopback for `tasks` (docs/deployment.md, "Offline checks"); needs the machine's Postgres. */
export async function startAwsShape(tasks: BundledTasks): Promise<AwsShape> {
  const emulator = await startEmulator();
  let shim: ClickHouseShim | undefined;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let secrets: AwsShape["secrets"] | undefined;
  let lambda: LambdaInvokeServer | undefined;
  const stop = async () => {
    await shim?.stop();
    await emulator.stop();
    await secrets?.stop();
    await lambda?.stop();
    await scratch?.drop();
  };
  try {
    const bucket = await createBucket(emulator, "sightline-fidelity");
    const queues = await createQueuePair(emulator, "ingest-fidelity", 5);
    const evalQueues = await createQueuePair(emulator, "eval-fidelity", 5);
    const experimentQueues = await createQueuePair(emulator, "experiment-fidelity", 5);
    shim = await startClickHouseShim(join(tasks.root, "ch"));
    scratch = await createScratchDatabase(PG_ADMIN);
    if (!scratch) throw new Error("the Postgres role may not create databases");
    const stageSecret = {
      DATABASE_URL: scratch.url,
      SIGHTLINE_CLICKHOUSE_URL: shim.url,
      SIGHTLINE_KEY_RING: `k1:${generateRingKey()}`,
      SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
      SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    };
    secrets = await startSecretsManagerFake({
      [SECRET_ARN]: stageSecret,
      [SIGN_IN_SECRET_ARN]: { ...stageSecret, SIGHTLINE_AUTH_SECRET: randomBytes(48).toString("base64url") },
    });
    const env = stackEnvironment({
      SIGHTLINE_BUCKET: bucket,
      SIGHTLINE_INGEST_QUEUE_URL: queues.queueUrl,
      SIGHTLINE_INGEST_DLQ_URL: queues.dlqUrl,
      SIGHTLINE_EVAL_QUEUE_URL: evalQueues.queueUrl,
      SIGHTLINE_EVAL_DLQ_URL: evalQueues.dlqUrl,
      SIGHTLINE_EXPERIMENT_QUEUE_URL: experimentQueues.queueUrl,
      SIGHTLINE_EXPERIMENT_DLQ_URL: experimentQueues.dlqUrl,
      AWS_ENDPOINT_URL: emulator.endpoint,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
    });
    // The model-call function behind Lambda's Invoke API, named to MCP's function as the stack names it.
    lambda = await startLambdaInvokeServer({
      "sightline-fidelity-ModelCall": {
        taskRoot: tasks.taskRoot(MODEL_CALL),
        file: tasks.bundleOf(MODEL_CALL),
        env,
        timeoutMs: 30_000,
      },
    });
    return {
      env: {
        ...env,
        SIGHTLINE_MODEL_CALL_FUNCTION: "sightline-fidelity-ModelCall",
        AWS_ENDPOINT_URL_LAMBDA: lambda.endpoint,
      },
      emulator,
      queueUrl: queues.queueUrl,
      evalQueueUrl: evalQueues.queueUrl,
      experimentQueueUrl: experimentQueues.queueUrl,
      secrets,
      lambda,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A route's bundle invoked with an API Gateway event carrying the Basic key; its answer parsed. */
export async function callRoute(
  run: (handler: string, event: unknown) => Promise<Invocation>,
  handler: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const out = await run(
    handler,
    apiGatewayEvent(method, path, { headers: auth, ...(body !== undefined ? { body } : {}) }),
  );
  expect(out.error, out.output).toBeUndefined();
  return {
    status: out.result.statusCode as number,
    body: out.result.body ? JSON.parse(out.result.body) : null,
    output: out.output,
  };
}
