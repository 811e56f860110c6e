import type { AwsCredentialSource } from "@core/adapters/aws/signed-fetch";
import { SqsJobQueue } from "@core/adapters/aws/sqs-job-queue";
import type { Deps } from "@core/platform/deps";
import type { Env } from "../env";
import type { Port } from "../ports";
import { awsClientOptions, awsCredentials } from "./aws-options";

/** The ingest, eval and experiment queues and their dead-letter queues on SQS. */
export function openSqsQueues(
  env: Env,
  queueUrl: string,
  credentials: AwsCredentialSource = awsCredentials(env),
): Deps["queues"] {
  const {
    SIGHTLINE_INGEST_DLQ_URL: ingestDlq,
    SIGHTLINE_EVAL_QUEUE_URL: evalUrl,
    SIGHTLINE_EVAL_DLQ_URL: evalDlq,
    SIGHTLINE_EXPERIMENT_QUEUE_URL: experimentUrl,
    SIGHTLINE_EXPERIMENT_DLQ_URL: experimentDlq,
  } = env;
  if (!ingestDlq || !evalUrl || !evalDlq || !experimentUrl || !experimentDlq) {
    throw new Error(
      "Invalid configuration: SIGHTLINE_INGEST_QUEUE_URL needs SIGHTLINE_INGEST_DLQ_URL, SIGHTLINE_EVAL_QUEUE_URL, SIGHTLINE_EVAL_DLQ_URL, SIGHTLINE_EXPERIMENT_QUEUE_URL and SIGHTLINE_EXPERIMENT_DLQ_URL",
    );
  }
  const queue = (url: string) => new SqsJobQueue({ queueUrl: url, ...awsClientOptions(env), credentials });
  return {
    ingest: queue(queueUrl),
    ingestDeadLetters: queue(ingestDlq),
    eval: queue(evalUrl),
    evalDeadLetters: queue(evalDlq),
    experiment: queue(experimentUrl),
    experimentDeadLetters: queue(experimentDlq),
  };
}

/** The ingest, eval and experiment queues and their dead letters. */
export const queues: Port<"queues"> = {
  name: "queues",
  open(env) {
    if (!env.SIGHTLINE_INGEST_QUEUE_URL)
      throw new Error("Invalid configuration: SIGHTLINE_INGEST_QUEUE_URL must be set");
    return openSqsQueues(env, env.SIGHTLINE_INGEST_QUEUE_URL);
  },
};
