/*
 * The contract between a queue edge (functions/_lib/sqs-worker.ts) and the use cases behind it: typed jobs
 * in, failures out. The domain never sees message bodies or receive counts (docs/ingest.md, "Dead letters").
 */

/** Attribute that carries the reason on a message moved to a dead-letter queue. */
export const DEAD_LETTER_ERROR = "error";

/** A job as the edge hands it over: validated, with the id its outcome is reported under. */
export interface Delivered<T> {
  id: string;
  job: T;
}

/** A job that did not succeed: `retry` may succeed on a later delivery; `unrecoverable` never will. */
export type JobFailure = { id: string; retry: string } | { id: string; unrecoverable: string };

/** A job the edge gave up on: unrecoverable, or failed on its last allowed delivery. */
export interface GivenUp<T> {
  id: string;
  job: T;
  error: string;
  unrecoverable: boolean;
  /** Deliveries of the message, this one included (shown with the dead letter). */
  attempts: number;
}
