/**
 * The one queue-consumer table: which handler drains which queue, read by the AWS
 * stack (SQS event source with partial batch responses) and the local runtime.
 */
export interface WorkerDef {
  queue: "ingest" | "eval" | "experiment";
  handler: string;
  batchSize: number;
  /** How long SQS may gather a batch (seconds); required by Lambda for batch sizes above 10. */
  batchingWindowSeconds?: number;
  /**
   * The single-process runtime has one worker for everything: under a backlog it
   * takes deliveries of up to this many messages (never waiting to fill one).
   */
  localBatchSize?: number;
  /**
   * The single-process runtime starts a delivery at most once per this window, counted from the last
   * delivery's start, and gathers what arrives meanwhile (a message after a quiet spell goes at once).
   * chDB runs one statement at a time, so every insert is a wait for the reads queued behind it:
   * fewer, larger deliveries under load keep reads fast while ingesting (docs/ingest.md, "Decisions").
   */
  localBatchingWindowMs?: number;
  /**
   * Deliveries the single-process runtime hands to the handler before the oldest of them has ended (1 when
   * absent); only a full delivery (a backlog) goes in beside another. Only for a handler that orders overlapping
   * deliveries itself, as the ingest worker does (core/ingest/delivery-order.ts): the next delivery decodes and
   * merges while the one before is inserted.
   */
  localOverlap?: number;
  /** Instances of the worker on AWS at most (Lambda reserved concurrency): what protects the providers it calls. */
  reservedConcurrency?: number;
  /** Visibility timeout of the queue; must exceed the handler's timeout. */
  visibilitySeconds: number;
  timeoutSeconds: number;
}

export const workers: readonly WorkerDef[] = [
  // A delivery is written together, one insert per table. On AWS, Lambda scales out, and a batching
  // window (needed above 10) would add a second to freshness; locally one worker takes bigger deliveries.
  {
    queue: "ingest",
    handler: "functions/workers/ingest.handler",
    batchSize: 10,
    visibilitySeconds: 180,
    timeoutSeconds: 120,
    localBatchSize: 100,
    localBatchingWindowMs: 200,
    localOverlap: 2,
  },
  // Online evaluations call judge providers: a few instances at once, each with a delivery of jobs evaluated together, never on the
  // ingest worker's path (docs/evaluators.md, "Online evaluation").
  {
    queue: "eval",
    handler: "functions/workers/eval.handler",
    batchSize: 10,
    visibilitySeconds: 360,
    timeoutSeconds: 300,
    reservedConcurrency: 4,
    localBatchSize: 100,
    localBatchingWindowMs: 100,
  },
  // Experiment lanes call the run's provider, one item at a time each; a lane hands itself over to a new message
  // after LANE_BUDGET_MS (core/experiments/run-lane.ts), well within the timeout (docs/experiments.md, "How a run works").
  // One delivery's lanes run at once, so a run's lanes usually share an instance.
  {
    queue: "experiment",
    handler: "functions/workers/experiment.handler",
    batchSize: 10,
    visibilitySeconds: 360,
    timeoutSeconds: 300,
    reservedConcurrency: 4,
    localBatchSize: 100,
  },
];
