import { DEAD_LETTER_ERROR, type Delivered, type GivenUp, type JobFailure } from "@core/platform/jobs";
import type { JobQueue } from "@core/platform/ports";
import middy from "@middy/core";
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import type * as z from "zod";
import { getDeps } from "../_runtime/deps";
import { afterInvocation } from "../_runtime/outbox-hook";
import type { DepsWith, Port, PortName } from "../_runtime/ports";
import { deadlineOf } from "./deadline";

export interface QueueWorkerSpec<T, N extends PortName> {
  /** The job a message carries; a message that fails it is dead-lettered at once, as unrecoverable. */
  schema: z.ZodType<T>;
  /** A hand check returning what `schema` would for the messages nearly every delivery carries, else null. */
  fastParse?(message: unknown): T | null;
  uses: readonly Port<N>[];
  /** The queue where messages that can never succeed go (the same queue the stack redrives to). */
  deadLetters(deps: DepsWith<N>): JobQueue;
  /** Handles a delivery of typed jobs and returns those that failed. */
  run(deps: DepsWith<N>, jobs: Delivered<T>[]): Promise<JobFailure[]>;
  /** Records a job given up on: unrecoverable, or failed on its last allowed delivery. */
  giveUp(deps: DepsWith<N>, letter: GivenUp<T>): Promise<void>;
}

/** The SQS event source's count; the local queue sets the same attribute. */
const attemptsOf = (record: SQSRecord) => Number(record.attributes.ApproximateReceiveCount ?? 1);

/**
 * The queue edge (docs/ingest.md, "Dead letters"): an SQS consumer with partial batch responses that turns
 * messages into typed jobs, so the domain never sees bodies or receive counts. A message that is not a job,
 * or a job that can never succeed, goes to the dead-letter queue with its reason and is acknowledged; a
 * failed job is reported for SQS to deliver again, and on its last allowed delivery it is also recorded as
 * given up, just before the queue's redrive policy moves it to the dead-letter queue.
 */
export function queueWorker<T, N extends PortName = never>(spec: QueueWorkerSpec<T, N>) {
  const handler = middy<SQSEvent, SQSBatchResponse, Error, Context>().handler(async (event, context) => {
    const deps = await getDeps(spec.uses);
    const records = new Map(event.Records.map((r) => [r.messageId, r]));
    const jobs: Delivered<T>[] = [];
    const deadLetter = (record: SQSRecord, reason: string) =>
      spec.deadLetters(deps).send([{ body: record.body, attributes: { [DEAD_LETTER_ERROR]: reason } }]);
    for (const record of event.Records) {
      const message = safeJson(record.body);
      const fast = spec.fastParse?.(message);
      if (fast) {
        jobs.push({ id: record.messageId, job: fast });
        continue;
      }
      const parsed = spec.schema.safeParse(message);
      if (parsed.success) jobs.push({ id: record.messageId, job: parsed.data });
      else {
        deps.log.error("queue message dead-lettered", {
          messageId: record.messageId,
          reason: "malformed queue message",
        });
        await deadLetter(record, "unrecoverable: malformed queue message");
      }
    }
    const failures = jobs.length ? await spec.run(deps, jobs) : [];
    await afterInvocation(deps, deadlineOf(deps.clock, context));
    const byId = new Map(jobs.map((j) => [j.id, j.job]));
    const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
    for (const failure of failures) {
      const record = records.get(failure.id)!;
      const attempts = attemptsOf(record);
      const letter = { id: failure.id, job: byId.get(failure.id)!, attempts };
      if ("unrecoverable" in failure) {
        await deadLetter(record, failure.unrecoverable);
        await recordGivenUp(deps, spec, { ...letter, error: failure.unrecoverable, unrecoverable: true });
        continue;
      }
      deps.log.error("job failed; will retry", { messageId: failure.id, attempts, error: failure.retry });
      batchItemFailures.push({ itemIdentifier: failure.id });
      if (attempts >= deps.config.maxReceiveCount)
        await recordGivenUp(deps, spec, { ...letter, error: failure.retry, unrecoverable: false });
    }
    return { batchItemFailures };
  });
  return Object.assign(handler, { ports: spec.uses.map((p) => p.name) });
}

/** A record that cannot be written is logged: the message itself is still in the dead-letter queue. */
async function recordGivenUp<T, N extends PortName>(
  deps: DepsWith<N>,
  spec: QueueWorkerSpec<T, N>,
  letter: GivenUp<T>,
) {
  await spec
    .giveUp(deps, letter)
    .catch((e: unknown) => deps.log.error("could not record dead letter", { messageId: letter.id, error: String(e) }));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
