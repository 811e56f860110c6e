/**
 * The one queue-consumer table: which handler drains which queue, read by the AWS
 * stack (SQS event source with partial batch responses) and the local runtime.
 */
export interface WorkerDef {
  queue: "ingest";
  handler: string;
  batchSize: number;
  /** Visibility timeout of the queue; must exceed the handler's timeout. */
  visibilitySeconds: number;
  timeoutSeconds: number;
}

export const workers: readonly WorkerDef[] = [
  { queue: "ingest", handler: "functions/workers/ingest.handler", batchSize: 10, visibilitySeconds: 180, timeoutSeconds: 120 },
];
