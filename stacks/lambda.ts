import type { IBucket } from "aws-cdk-lib/aws-s3";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import type { IQueue } from "aws-cdk-lib/aws-sqs";
import type { FunctionProps } from "sst/constructs";
import { Config } from "../core/platform/config";
import type { FunctionSettings } from "../functions/function-settings";
import { lazySamlify, lazyWebAuthn, oneCopyPerTarball, zodEnglishOnly } from "./bundle-trims";

/**
 * The Lambda runtime of every function. SST 2.49 maps nodejs22.x itself (and uses it for its
 * own helper functions), so no CDK override is needed; the stack test asserts it on every
 * function. AWS blocks creating nodejs20.x functions from 2027-02-01.
 */
export const NODE_RUNTIME = "nodejs22.x";

/** Receives before a job is dead-lettered: the Config default, so the local queue and the redrive policy agree. */
export const MAX_RECEIVE_COUNT: number = Config.shape.maxReceiveCount.parse(undefined);

/** Props every function of ours starts from (`app.setDefaultFunctionProps`). */
export const FUNCTION_DEFAULTS = {
  runtime: NODE_RUNTIME,
  architecture: "arm_64",
  nodejs: {
    // Minified bundles are about half the bytes to download and parse at a cold start; names stay (SST keeps
    // esbuild's keepNames) and SST's source maps map stack traces back (docs/deployment.md, "What ships").
    minify: true,
    // The embedded stores (chDB, PGlite) are local-only and imported dynamically: leaving
    // them out keeps each bundle small. They never run on Lambda.
    // zodEnglishOnly leaves zod's other locales out of every bundle; oneCopyPerTarball bundles a package npm installed
    // twice from the same tarball once; lazySamlify and lazyWebAuthn run the SAML and passkey stacks on first use
    // (stacks/bundle-trims.ts).
    esbuild: {
      external: ["chdb", "@electric-sql/pglite"],
      plugins: [zodEnglishOnly, oneCopyPerTarball, lazySamlify, lazyWebAuthn],
    },
  },
} satisfies FunctionProps;

export interface RuntimeResources {
  stage: string;
  bucket: IBucket;
  secret: ISecret;
  ingestQueue: IQueue;
  deadLetterQueue: IQueue;
  evalQueue: IQueue;
  evalDeadLetterQueue: IQueue;
  experimentQueue: IQueue;
  experimentDeadLetterQueue: IQueue;
  /** The EventBridge bus outbox events are relayed to. */
  eventBusName: string;
}

/**
 * The environment `functions/_runtime/aws.ts` parses. Connection settings stay in the
 * secret: functions get its ARN, never its values.
 */
export function runtimeEnvironment(r: RuntimeResources): Record<string, string> {
  return {
    SIGHTLINE_BUCKET: r.bucket.bucketName,
    SIGHTLINE_INGEST_QUEUE_URL: r.ingestQueue.queueUrl,
    SIGHTLINE_INGEST_DLQ_URL: r.deadLetterQueue.queueUrl,
    SIGHTLINE_EVAL_QUEUE_URL: r.evalQueue.queueUrl,
    SIGHTLINE_EVAL_DLQ_URL: r.evalDeadLetterQueue.queueUrl,
    SIGHTLINE_EXPERIMENT_QUEUE_URL: r.experimentQueue.queueUrl,
    SIGHTLINE_EXPERIMENT_DLQ_URL: r.experimentDeadLetterQueue.queueUrl,
    SIGHTLINE_SECRETS_ARN: r.secret.secretArn,
    SIGHTLINE_MAX_RECEIVE_COUNT: String(MAX_RECEIVE_COUNT),
    SIGHTLINE_EVENT_BUS_NAME: r.eventBusName,
  };
}

/** A function's settings (functions/function-settings.ts) as SST function props. */
export function sizing(
  settings: FunctionSettings,
): Pick<FunctionProps, "memorySize" | "timeout" | "reservedConcurrentExecutions"> {
  return {
    memorySize: settings.memoryMb,
    timeout: settings.timeoutSeconds,
    ...(settings.reservedConcurrency !== undefined
      ? { reservedConcurrentExecutions: settings.reservedConcurrency }
      : {}),
  };
}
