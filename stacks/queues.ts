import { Duration } from "aws-cdk-lib";
import { Queue as CdkQueue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import { Queue, use, type StackContext } from "sst/constructs";
import { workers } from "../functions/queue-workers";
import { MAX_RECEIVE_COUNT, runtimeEnvironment } from "./lambda";
import { Storage } from "./storage";

function ingestWorker() {
  const found = workers.filter((w) => w.queue === "ingest");
  if (found.length !== 1) throw new Error(`functions/queue-workers.ts must name exactly one consumer of "ingest", found ${found.length}`);
  return found[0]!;
}

/** The ingest queue, its dead-letter queue, and the worker that drains it with partial batch responses. */
export function Queues({ stack, app }: StackContext) {
  const { bucket, secret } = use(Storage);
  const worker = ingestWorker();

  const deadLetterQueue = new CdkQueue(stack, "IngestDeadLetters", {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  const ingest = new Queue(stack, "Ingest", {
    cdk: {
      queue: {
        visibilityTimeout: Duration.seconds(worker.visibilitySeconds),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
      },
    },
  });
  const ingestQueue = ingest.cdk.queue;

  ingest.addConsumer(stack, {
    function: {
      handler: worker.handler,
      timeout: worker.timeoutSeconds,
      environment: runtimeEnvironment({ stage: app.stage, bucket, secret, ingestQueue, deadLetterQueue }),
      // Receiving from the ingest queue is granted by the event source. A replay job
      // (queued by the API) moves dead letters back: it consumes the DLQ and sends to the queue.
      permissions: [
        [bucket, "grantReadWrite"],
        [deadLetterQueue, "grantSendMessages"],
        [deadLetterQueue, "grantConsumeMessages"],
        [ingestQueue, "grantSendMessages"],
        [secret, "grantRead"],
      ],
    },
    cdk: {
      eventSource: {
        batchSize: worker.batchSize,
        reportBatchItemFailures: true,
        ...(worker.batchingWindowSeconds ? { maxBatchingWindow: Duration.seconds(worker.batchingWindowSeconds) } : {}),
      },
    },
  });

  stack.addOutputs({ IngestQueueUrl: ingestQueue.queueUrl, IngestDeadLetterQueueUrl: deadLetterQueue.queueUrl });
  return { ingestQueue, deadLetterQueue };
}
