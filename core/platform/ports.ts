/**
 * Outbound ports. Each is shaped by what the features need, not by an SDK,
 * so that the AWS and the local adapters can stand behind it alike.
 */

/** Object storage for raw batches and offloaded payloads. */
export interface BlobStore {
  put(key: string, body: Uint8Array | string, options?: { contentType?: string }): Promise<void>;
  /** The stored bytes, or null when no object has that key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Every key that starts with `prefix`, in lexical order. */
  list(prefix: string): Promise<string[]>;
  /** Deletes the keys; keys that do not exist are ignored. */
  delete(keys: string[]): Promise<void>;
}

export interface OutgoingMessage {
  body: string;
  attributes?: Record<string, string>;
}

export interface ReceivedMessage {
  id: string;
  body: string;
  attributes: Record<string, string>;
  /** How many times the message has been handed out, this time included. */
  receiveCount: number;
  /** Opaque handle for ack/release; valid until the visibility timeout runs out. */
  receipt: string;
  sentAt: Date;
}

export interface QueueStats {
  /** Messages waiting to be received. */
  depth: number;
  /** Messages received and neither acknowledged nor released yet. */
  inFlight: number;
  /** Age of the oldest message waiting, when the backend can tell (SQS's API cannot). */
  oldestAgeSeconds?: number | null;
}

/**
 * An at-least-once job queue with SQS semantics: a received message is hidden for
 * the visibility timeout and comes back unless acknowledged; past the redrive
 * policy's receive count it moves to the dead-letter queue.
 */
export interface JobQueue {
  send(messages: OutgoingMessage[]): Promise<void>;
  receive(options: { max: number; visibilitySeconds?: number; waitSeconds?: number }): Promise<ReceivedMessage[]>;
  ack(receipt: string): Promise<void>;
  /** Makes a received message visible again after `delaySeconds`. */
  release(receipt: string, delaySeconds: number): Promise<void>;
  stats(): Promise<QueueStats>;
}

/** The analytical telemetry store: one ClickHouse SQL dialect behind every adapter. */
export interface TelemetryStore {
  /** Runs a SELECT with `{name:Type}` parameters; rows come back as JSON objects. */
  query<T = Record<string, unknown>>(sql: string, params?: Record<string, unknown>): Promise<T[]>;
  /** Inserts rows as JSONEachRow into `table`. */
  insert(table: string, rows: readonly object[]): Promise<void>;
  /** Runs a statement that returns no rows (DDL, DELETE, OPTIMIZE). */
  command(sql: string, params?: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

export interface Clock {
  now(): Date;
}

export interface Ids {
  /** A new random identifier (UUID). */
  uuid(): string;
  /** `bytes` random bytes as URL-safe base64, for secrets. */
  token(bytes: number): string;
}

/** Structured logger shaped like Powertools' GenericLogger. */
export interface Log {
  debug(message: string, extra?: Record<string, unknown>): void;
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
}
