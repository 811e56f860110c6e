import { createHash } from "node:crypto";
import type { JobQueue, Log, ReceivedMessage } from "@core/platform/ports";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import type { WorkerDef } from "../queue-workers";
import { lambdaContext } from "./lambda-context";
import { loadHandler } from "./load-handler";

/** An SQS record of `m`; its `md5OfBody` is filled where the handler runs (`withBodyDigests`). */
function sqsRecord(queue: string, m: ReceivedMessage): SQSRecord {
  return {
    messageId: m.id,
    receiptHandle: m.receipt,
    body: m.body,
    attributes: {
      ApproximateReceiveCount: String(m.receiveCount),
      SentTimestamp: String(m.sentAt.getTime()),
      SenderId: "local",
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: Object.fromEntries(
      Object.entries(m.attributes).map(([k, v]) => [
        k,
        { stringValue: v, dataType: "String", stringListValues: [], binaryListValues: [] },
      ]),
    ),
    md5OfBody: "",
    eventSource: "aws:sqs",
    eventSourceARN: `arn:aws:sqs:local:000000000000:${queue}`,
    awsRegion: "local",
  };
}

/**
 * Fills each record's `md5OfBody`, as SQS sends it. Done on the thread that runs the handler: a delivery's digests
 * are a few milliseconds of CPU (a hundred batches of 20 kB) the API's thread would spend between requests.
 */
export function withBodyDigests(event: SQSEvent): SQSEvent {
  for (const r of event.Records) if (!r.md5OfBody) r.md5OfBody = createHash("md5").update(r.body).digest("hex");
  return event;
}

/** How often a gathering delivery looks whether the queue is a whole delivery behind (an in-memory count). */
const BACKLOG_POLL_MS = 10;

/** A delivery received, and when. */
type Delivery = { messages: ReceivedMessage[]; at: number };

/** What acknowledging or releasing a handed message needs (its body is the handler's). */
type Handed = Pick<ReceivedMessage, "id" | "receipt" | "receiveCount">;

/** Retry delay after a failed receive: 1 s, 2 s, 4 s … at most 30 s (SQS would wait out the visibility timeout). */
const backoffSeconds = (receiveCount: number) => Math.min(30, 2 ** Math.max(0, receiveCount - 1));

/**
 * Drains a queue into its worker handler as SQS batches, like the Lambda event
 * source: acknowledged on success, retried on a batch-item failure, dead-lettered
 * by the queue after its receive limit.
 */
export function startQueueRunner(options: {
  root: string;
  worker: WorkerDef;
  queue: JobQueue;
  log: Log;
  poll: boolean;
  /** Runs the handler elsewhere (the ingest worker's thread); in this thread when absent. */
  invoke?: (handler: string, event: SQSEvent, timeoutSeconds: number) => Promise<unknown>;
}) {
  const { worker, queue, log } = options;
  let stopping = false;
  let wake: (() => void) | undefined;

  const max = worker.localBatchSize ?? worker.batchSize;

  /** When the last delivery was handed to the handler: deliveries start at most once per window. */
  let lastHandedAt = 0;

  /**
   * Receives one delivery, gathered for what is left of the worker's window when `gather`: the window counts from
   * the last delivery's start, so a message after a quiet spell goes at once, and under load deliveries start at most
   * once per window, each with what arrived meanwhile (docs/ingest.md, "Decisions": deliveries).
   */
  async function receiveDelivery(waitSeconds: number, gather: boolean): Promise<ReceivedMessage[]> {
    const messages = await queue.receive({ max, visibilitySeconds: worker.visibilitySeconds, waitSeconds });
    if (messages.length === 0) return messages;
    const windowEnds = lastHandedAt + (worker.localBatchingWindowMs ?? 0);
    if (gather && Date.now() < windowEnds && messages.length < max) {
      // This delivery's rest and a whole one after it: the queue is behind, and the window has nothing to gather.
      await waitForBacklog(max - messages.length + max, windowEnds);
      messages.push(
        ...(await queue.receive({
          max: max - messages.length,
          visibilitySeconds: worker.visibilitySeconds,
          waitSeconds: 0,
        })),
      );
    }
    return messages;
  }

  /**
   * Waits until `count` messages are visible or the window ends, whichever comes first: as the Lambda event source
   * ends its batching window once the batch is full, a backlog does not wait out the window (docs/ingest.md,
   * "Decisions": deliveries).
   */
  async function waitForBacklog(count: number, windowEnds: number): Promise<void> {
    for (;;) {
      const left = windowEnds - Date.now();
      if (left <= 0 || stopping || (await queue.stats()).depth >= count) return;
      await new Promise((r) => setTimeout(r, Math.min(left, BACKLOG_POLL_MS)));
    }
  }

  /**
   * Runs the handler on a delivery, then acknowledges or releases each message from its answer. Not async itself:
   * once the delivery is handed to a handler on another thread, nothing here holds its bodies, megabytes the API
   * thread's garbage collector would otherwise copy while the handler runs (docs/ingest.md, "The local worker").
   */
  function handleDelivery(messages: readonly ReceivedMessage[]): Promise<void> {
    const handed = messages.map(({ id, receipt, receiveCount }) => ({ id, receipt, receiveCount }));
    const event: SQSEvent = { Records: messages.map((m) => sqsRecord(worker.queue, m)) };
    // A throw on the way in fails the delivery as a failed answer does: its messages are released, not left held.
    const invoked = new Promise<unknown>((resolve) =>
      resolve(
        options.invoke
          ? options.invoke(worker.handler, event, worker.timeoutSeconds)
          : loadHandler(options.root, worker.handler).then((handler) =>
              handler(withBodyDigests(event), lambdaContext(worker.handler, worker.timeoutSeconds)),
            ),
      ),
    );
    return settle(handed, invoked);
  }

  async function settle(handed: readonly Handed[], invoked: Promise<unknown>): Promise<void> {
    let failed = new Set<string>();
    try {
      const response = (await invoked) as SQSBatchResponse | undefined;
      failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (e) {
      log.error("worker invocation failed", {
        worker: worker.handler,
        error: e instanceof Error ? e.message : String(e),
      });
      failed = new Set(handed.map((m) => m.id));
    }
    // Together, as the Lambda event source deletes a batch: one message's file operations need not wait for another's.
    await Promise.all(
      handed.map((m) =>
        failed.has(m.id) ? queue.release(m.receipt, backoffSeconds(m.receiveCount)) : queue.ack(m.receipt),
      ),
    );
  }

  /** Receives and handles one batch at once (no wait, no gathering: draining by hand); returns how many messages it handled. */
  async function drainOnce(): Promise<number> {
    const messages = await receiveDelivery(0, false);
    if (messages.length > 0) await handleDelivery(messages);
    return messages.length;
  }

  /**
   * Gives back a delivery received ahead that is not handled (the runner stops, or it waited too long): visible again
   * at once, its receive counted as SQS counts a receive the poller gave back.
   */
  const giveBack = (messages: ReceivedMessage[]) => Promise.all(messages.map((m) => queue.release(m.receipt, 0)));

  /**
   * The next delivery is received while the current one is handled (docs/ingest.md, "The local worker"): the queue's
   * reads, the gathering window and the thread's work overlap. A worker with `localOverlap` 2 (ingest) has the next
   * delivery, when full (a backlog), handed over while the one before is still in the handler, which orders their
   * reads of the stores itself; any other worker handles one at a time. A delivery received ahead is handed over
   * only while at least the handler's timeout of its visibility is left; else it is given back and received again.
   */
  async function receiveAhead(): Promise<Delivery> {
    const messages = await receiveDelivery(1, true);
    return { messages, at: Date.now() };
  }
  const heldAtMostMs = Math.max(0, worker.visibilitySeconds - worker.timeoutSeconds) * 1000;

  const overlap = Math.max(1, worker.localOverlap ?? 1);
  const logError = (e: unknown) =>
    log.error("queue runner error", { queue: worker.queue, error: e instanceof Error ? e.message : String(e) });

  const loop = (async () => {
    let next: Promise<Delivery> | null = null;
    /** The delivery received ahead, or a new receive; `next` is cleared first, so a failed receive is awaited once. */
    const takeNext = () => {
      const pending = next ?? receiveAhead();
      next = null;
      return pending;
    };
    /** Deliveries in the handler, oldest first: at most `overlap` (docs/ingest.md, "The local worker"). */
    const inHandler: Promise<void>[] = [];
    while (options.poll && !stopping) {
      try {
        const ahead = next !== null;
        // Neither the delivery nor its promise is kept past the hand-over below: the bodies are then the handler's
        // ("handleDelivery").
        let current: Delivery | null = await takeNext();
        if (current.messages.length === 0) continue;
        if (ahead && Date.now() - current.at > heldAtMostMs) {
          await giveBack(current.messages);
          continue;
        }
        lastHandedAt = Date.now();
        if (!stopping && heldAtMostMs > 0) {
          // A failed receive ahead is the next turn's error, caught there.
          next = receiveAhead();
          next.catch(() => {});
        }
        // Only a full delivery (a backlog) goes in beside another: under light load deliveries run one at a time,
        // and the API's requests do not compete with two of them (docs/ingest.md, "The local worker").
        if (current.messages.length < max) while (inHandler.length > 0) await inHandler.shift();
        const handling = handleDelivery(current.messages);
        current = null;
        // Awaited below or at the end; meanwhile its failure must not count as unhandled.
        handling.catch(() => {});
        inHandler.push(handling);
        if (inHandler.length >= overlap) await inHandler.shift();
      } catch (e) {
        logError(e);
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 1000);
        });
      }
    }
    for (const handling of inHandler) await handling.catch(logError);
    const ahead = await next?.catch(() => null);
    if (ahead?.messages.length) await giveBack(ahead.messages);
  })();

  return {
    drainOnce,
    /** Stops receiving and waits for the batch in hand (the worker shutdown grace). */
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}
