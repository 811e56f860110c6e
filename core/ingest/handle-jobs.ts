import type { Deps } from "../platform/deps";
import type { Delivered, JobFailure } from "../platform/jobs";
import { runReplay } from "./dead-letters";
import type { DeliveryOrder, Turn } from "./delivery-order";
import type { IngestJob, IngestQueueMessage } from "./ingest.jobs";
import { loadBatch } from "./load-batch";
import { type DueTargets, processBatches } from "./process-batch";
import type { StoredBatch } from "./stored-batch.schema";

/** What the worker needs: every store of the ingest path. */
export type IngestWorkerDeps = Pick<
  Deps,
  "db" | "telemetry" | "blobs" | "queues" | "clock" | "ids" | "log" | "config" | "caches"
>;

/**
 * Handles one delivery of ingest jobs (an SQS batch) and returns the jobs that failed. The batches are
 * written together, one insert per table; if that fails, each is retried alone so one poisoned batch cannot
 * take its neighbours to the dead-letter queue. Retries and dead letters are the queue edge's business.
 */
export async function handleIngestJobs(
  deps: IngestWorkerDeps,
  jobs: readonly Delivered<IngestQueueMessage>[],
  /** Told what each write made due, after it is stored; a failure fails the write's jobs (they are retried). */
  onWritten: (due: DueTargets) => Promise<void> = async () => {},
  /** Deliveries of this worker that overlap, applied in the order they arrived (core/ingest/delivery-order.ts). */
  order?: DeliveryOrder,
): Promise<JobFailure[]> {
  // Before the first await: turns follow the order deliveries reach the handler.
  const turn = order?.take();
  try {
    return await handleInTurn(deps, jobs, onWritten, turn);
  } finally {
    // A delivery that failed before its insert (or retried batch by batch) lets the next one go now.
    turn?.release();
  }
}

async function handleInTurn(
  deps: IngestWorkerDeps,
  jobs: readonly Delivered<IngestQueueMessage>[],
  onWritten: (due: DueTargets) => Promise<void>,
  turn: Turn | undefined,
): Promise<JobFailure[]> {
  const failures: JobFailure[] = [];
  const loaded: { id: string; job: IngestJob; batch: StoredBatch }[] = [];
  const retry = (id: string, error: unknown) =>
    failures.push({ id, retry: error instanceof Error ? error.message : String(error) });
  await Promise.all(
    jobs.map(async ({ id, job }) => {
      try {
        if ("kind" in job) {
          await runReplay(deps, job);
          return;
        }
        const result = await loadBatch(deps, job);
        if ("batch" in result) loaded.push({ id, job, batch: result.batch });
        else failures.push({ id, unrecoverable: result.unrecoverable });
      } catch (e) {
        retry(id, e);
      }
    }),
  );
  if (loaded.length === 0) return failures;
  const write = async (batches: StoredBatch[], inTurn?: Turn) => {
    const { due } = await processBatches(deps, batches, inTurn);
    // What an evaluation of a due trace reads includes every earlier delivery's rows, as when deliveries ran alone.
    await inTurn?.ready;
    await onWritten(due);
  };
  try {
    await write(
      loaded.map((l) => l.batch),
      turn,
    );
  } catch (e) {
    // Retried while holding the turn (a failure before the insert never released it; this wait covers one before it).
    await turn?.ready;
    if (loaded.length === 1) retry(loaded[0]!.id, e);
    else {
      deps.log.warn("combined ingest write failed; retrying batches one by one", {
        batches: loaded.length,
        error: String(e),
      });
      for (const l of loaded) await write([l.batch]).catch((err) => retry(l.id, err));
    }
  }
  return failures;
}
