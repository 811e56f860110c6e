import { SqsJobQueue } from "@core/adapters/aws/sqs-job-queue";
import type { Deps } from "@core/platform/deps";
import type { Env } from "../env";
import type { Port } from "../ports";
import { awsClientOptions } from "./aws-options";

/** The ingest queue and its dead-letter queue on SQS. */
export function openSqsQueues(env: Env, queueUrl: string): Deps["queues"] {
  if (!env.SIGHTLINE_INGEST_DLQ_URL) throw new Error("Invalid configuration: SIGHTLINE_INGEST_QUEUE_URL needs SIGHTLINE_INGEST_DLQ_URL");
  return { ingest: new SqsJobQueue({ queueUrl, ...awsClientOptions(env) }), ingestDeadLetters: new SqsJobQueue({ queueUrl: env.SIGHTLINE_INGEST_DLQ_URL, ...awsClientOptions(env) }) };
}

/** The ingest queue and its dead letters. */
export const queues: Port<"queues"> = {
  name: "queues",
  open(env) {
    if (!env.SIGHTLINE_INGEST_QUEUE_URL) throw new Error("Invalid configuration: SIGHTLINE_INGEST_QUEUE_URL must be set");
    return openSqsQueues(env, env.SIGHTLINE_INGEST_QUEUE_URL);
  },
};
