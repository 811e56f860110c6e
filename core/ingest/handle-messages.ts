import type { Deps } from "../platform/deps";
import { recordDeadLetter, runReplay } from "./dead-letters";
import { DEAD_LETTER_ERROR, IngestJob, IngestQueueMessage } from "./ingest.jobs";
import { loadBatch } from "./load-batch";
import { processBatches } from "./process-batch";
import type { StoredBatch } from "./stored-batch.schema";

export interface QueueMessage {
  messageId: string;
  body: string;
  receiveCount: number;
}

/** What the worker needs: every store of the ingest path. */
export type IngestWorkerDeps = Pick<Deps, "db" | "ch" | "blobs" | "queues" | "clock" | "ids" | "log" | "config">;

type Loaded = { message: QueueMessage; job: IngestJob; batch: StoredBatch };

/**
 * Handles one delivery of ingest messages (an SQS batch) and returns the ids that
 * failed, for a partial batch response. The batches are written together, one
 * insert per table; if that fails, each is retried alone so one poisoned batch
 * cannot take its neighbours to the dead-letter queue.
 */
export async function handleIngestMessages(deps: IngestWorkerDeps, messages: readonly QueueMessage[]): Promise<string[]> {
  const failed: string[] = [];
  const loaded: Loaded[] = [];
  await Promise.all(
    messages.map(async (message) => {
      const parsed = IngestQueueMessage.safeParse(safeJson(message.body));
      if (!parsed.success) {
        deps.log.error("ingest message dead-lettered", { messageId: message.messageId, reason: "malformed message" });
        await deps.queues.ingestDeadLetters.send([{ body: message.body, attributes: { [DEAD_LETTER_ERROR]: "unrecoverable: malformed queue message" } }]);
        return;
      }
      const job = parsed.data;
      if ("kind" in job) {
        await runReplay(deps, job).catch(() => failed.push(message.messageId));
        return;
      }
      try {
        const result = await loadBatch(deps, job, message.body);
        if ("batch" in result) loaded.push({ message, job, batch: result.batch });
        else await recordDeadLetter(deps, { id: message.messageId, projectId: job.projectId, blobKey: job.blobKey, error: result.unrecoverable, unrecoverable: true, attempts: message.receiveCount });
      } catch (e) {
        await giveUpOrRetry(deps, { message, job }, e, failed);
      }
    }),
  );
  if (loaded.length === 0) return failed;
  try {
    await processBatches(deps, loaded.map((l) => l.batch));
  } catch (e) {
    if (loaded.length === 1) await giveUpOrRetry(deps, loaded[0]!, e, failed);
    else {
      deps.log.warn("combined ingest write failed; retrying batches one by one", { batches: loaded.length, error: String(e) });
      for (const l of loaded) {
        await processBatches(deps, [l.batch]).catch((err) => giveUpOrRetry(deps, l, err, failed));
      }
    }
  }
  return failed;
}

/** Marks the message failed; on its last allowed receive, remembers it as a dead letter of its project. */
async function giveUpOrRetry(deps: IngestWorkerDeps, item: { message: QueueMessage; job: IngestJob }, error: unknown, failed: string[]) {
  const reason = error instanceof Error ? error.message : String(error);
  failed.push(item.message.messageId);
  deps.log.error("ingest batch failed; will retry", { blobKey: item.job.blobKey, receiveCount: item.message.receiveCount, error: reason });
  if (item.message.receiveCount >= deps.config.maxReceiveCount) {
    await recordDeadLetter(deps, { id: item.message.messageId, projectId: item.job.projectId, blobKey: item.job.blobKey, error: reason.slice(0, 2000), unrecoverable: false, attempts: item.message.receiveCount }).catch((e) =>
      deps.log.error("could not record dead letter", { error: String(e) }),
    );
  }
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}
