/**
 * The one queue-consumer table: which handler drains which queue, read by the AWS
 * stack (SQS event source with partial batch responses) and the local runtime.
 */
export interface WorkerDef {
  queue: "ingest";
  handler: string;
  batchSize: number;
  /** How long SQS may gather a batch (seconds); required by Lambda for batch sizes above 10. */
  batchingWindowSeconds?: number;
  /** Visibility timeout of the queue; must exceed the handler's timeout. */
  visibilitySeconds: number;
  timeoutSeconds: number;
}

export const workers: readonly WorkerDef[] = [
  // Many small batches are written together, one insert per table: bigger deliveries, fewer inserts.
  { queue: "ingest", handler: "functions/workers/ingest.handler", batchSize: 100, batchingWindowSeconds: 1, visibilitySeconds: 180, timeoutSeconds: 120 },
];
