import { Duration } from "aws-cdk-lib";
import { Queue as CdkQueue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import { Queue, type StackContext, use } from "sst/constructs";
import { workerSettings } from "../functions/function-settings";
import { type WorkerDef, workers } from "../functions/queue-workers";
import { MAX_RECEIVE_COUNT, runtimeEnvironment, sizing } from "./lambda";
import { Storage } from "./storage";

function workerOf(queue: WorkerDef["queue"]) {
  const found = workers.filter((w) => w.queue === queue);
  if (found.length !== 1)
    throw new Error(`functions/queue-workers.ts must name exactly one consumer of "${queue}", found ${found.length}`);
  return found[0]!;
}

/**
 * The ingest, eval and experiment queues, each with its dead-letter queue and the worker that drains it with partial
 * batch responses (docs/deployment.md).
 */
export function Queues({ stack, app }: StackContext) {
  const { bucket, secret, bus } = use(Storage);

  function queueWithDeadLetters(id: string, worker: WorkerDef) {
    const deadLetters = new CdkQueue(stack, `${id}DeadLetters`, {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const queue = new Queue(stack, id, {
      cdk: {
        queue: {
          visibilityTimeout: Duration.seconds(worker.visibilitySeconds),
          encryption: QueueEncryption.SQS_MANAGED,
          enforceSSL: true,
          deadLetterQueue: { queue: deadLetters, maxReceiveCount: MAX_RECEIVE_COUNT },
        },
      },
    });
    return { queue, deadLetters };
  }

  const ingestWorker = workerOf("ingest");
  const evalWorker = workerOf("eval");
  const ingest = queueWithDeadLetters("Ingest", ingestWorker);
  const evaluations = queueWithDeadLetters("Eval", evalWorker);
  const experimentWorker = workerOf("experiment");
  const experiments = queueWithDeadLetters("Experiment", experimentWorker);
  const resources = {
    ingestQueue: ingest.queue.cdk.queue,
    deadLetterQueue: ingest.deadLetters,
    evalQueue: evaluations.queue.cdk.queue,
    evalDeadLetterQueue: evaluations.deadLetters,
    experimentQueue: experiments.queue.cdk.queue,
    experimentDeadLetterQueue: experiments.deadLetters,
  };
  const environment = runtimeEnvironment({
    stage: app.stage,
    bucket,
    secret,
    ...resources,
    eventBusName: bus.eventBusName,
  });
  const eventSource = (worker: WorkerDef) => ({
    batchSize: worker.batchSize,
    reportBatchItemFailures: true,
    ...(worker.batchingWindowSeconds ? { maxBatchingWindow: Duration.seconds(worker.batchingWindowSeconds) } : {}),
  });

  ingest.queue.addConsumer(stack, {
    function: {
      handler: ingestWorker.handler,
      ...sizing(workerSettings(ingestWorker)),
      environment,
      // Receiving from the ingest queue is granted by the event source. A replay job (queued by the API) moves
      // dead letters back: it consumes the DLQ and sends to the queue. Due evaluations go to the eval queue.
      permissions: [
        [bucket, "grantReadWrite"],
        [resources.deadLetterQueue, "grantSendMessages"],
        [resources.deadLetterQueue, "grantConsumeMessages"],
        [resources.ingestQueue, "grantSendMessages"],
        [resources.evalQueue, "grantSendMessages"],
        [secret, "grantRead"],
        // trace.created and score.created are relayed as soon as the delivery is written.
        [bus.cdk.eventBus, "grantPutEventsTo"],
      ],
    },
    cdk: { eventSource: eventSource(ingestWorker) },
  });

  evaluations.queue.addConsumer(stack, {
    function: {
      handler: evalWorker.handler,
      ...sizing(workerSettings(evalWorker)),
      environment,
      // Reads offloaded bodies of the traces it scores; records a job it gives up on in its dead letters.
      // A backfill hands its remaining chunks to a new job on its own queue. Its judges' calls are recorded as
      // traces through the ingest path (a blob, then an ingest message).
      permissions: [
        [bucket, "grantReadWrite"],
        [resources.ingestQueue, "grantSendMessages"],
        [resources.evalQueue, "grantSendMessages"],
        [resources.evalDeadLetterQueue, "grantSendMessages"],
        [secret, "grantRead"],
        // eval.completed and score.created are relayed as soon as the delivery is scored.
        [bus.cdk.eventBus, "grantPutEventsTo"],
      ],
    },
    cdk: { eventSource: eventSource(evalWorker) },
  });

  experiments.queue.addConsumer(stack, {
    function: {
      handler: experimentWorker.handler,
      ...sizing(workerSettings(experimentWorker)),
      environment,
      // Records each item's model call as a trace (a blob and an ingest message), queues the item's evaluations,
      // hands a lane over to a new message on its own queue, and records a lane it gives up on in its dead letters.
      permissions: [
        [bucket, "grantReadWrite"],
        [resources.ingestQueue, "grantSendMessages"],
        [resources.evalQueue, "grantSendMessages"],
        [resources.experimentQueue, "grantSendMessages"],
        [resources.experimentDeadLetterQueue, "grantSendMessages"],
        [secret, "grantRead"],
        // Events its work appends are relayed as soon as the delivery is done, as by every worker.
        [bus.cdk.eventBus, "grantPutEventsTo"],
      ],
    },
    cdk: { eventSource: eventSource(experimentWorker) },
  });

  stack.addOutputs({
    IngestQueueUrl: resources.ingestQueue.queueUrl,
    IngestDeadLetterQueueUrl: resources.deadLetterQueue.queueUrl,
    EvalQueueUrl: resources.evalQueue.queueUrl,
    EvalDeadLetterQueueUrl: resources.evalDeadLetterQueue.queueUrl,
    ExperimentQueueUrl: resources.experimentQueue.queueUrl,
    ExperimentDeadLetterQueueUrl: resources.experimentDeadLetterQueue.queueUrl,
  });
  return resources;
}
