import type { Db } from "./db";

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
  /**
   * A URL through which its holder may PUT exactly the declared bytes at `key` until `expiresInSeconds` pass:
   * content type, length and SHA-256 are bound into the signature (docs/media.md, "Upload URLs").
   */
  presignPut(key: string, upload: PresignedUpload): Promise<string>;
  /** A URL through which its holder may GET `key`, answered with `contentType`, until `expiresInSeconds` pass. */
  presignGet(key: string, read: { contentType: string; expiresInSeconds: number }): Promise<string>;
}

export interface PresignedUpload {
  contentType: string;
  contentLength: number;
  /** The SHA-256 of the bytes, base64 (as S3's `x-amz-checksum-sha256` carries it). */
  sha256: string;
  expiresInSeconds: number;
}

export interface OutgoingMessage {
  body: string;
  attributes?: Record<string, string>;
  /** Seconds before the message can be received (at most 900, as SQS allows). */
  delaySeconds?: number;
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
  /**
   * Runs a SELECT and yields its rows in batches as the store produces them, so a large result is never held
   * whole (docs/export.md, "Streamed export"). Leaving the loop early, or `signal`, cancels the statement.
   * A bad statement throws from the first iteration.
   */
  queryStream<T = Record<string, unknown>>(
    sql: string,
    params?: Record<string, unknown>,
    options?: { signal?: AbortSignal },
  ): AsyncIterable<T[]>;
  /**
   * Runs a SELECT of one String column and returns its values' UTF-8 bytes, each value followed by a newline,
   * written as they are (ClickHouse's `TabSeparatedRaw`): for text the statement writes whole, such as an export's
   * JSON lines, handed on as bytes (docs/export.md, "Lines written by the store"). A value must hold no newline or tab.
   */
  queryLines(sql: string, params?: Record<string, unknown>): Promise<Uint8Array>;
  /** Inserts rows as JSONEachRow into `table`. */
  insert(table: string, rows: readonly object[]): Promise<void>;
  /**
   * Inserts rows already encoded as JSONEachRow (one JSON object per line, as text or its UTF-8 bytes) into `table`,
   * sent to the store as they are: one buffer crosses to the thread that owns the store instead of every row
   * (docs/ingest.md, "The local worker"). Bytes passed here are the store's: the caller does not use them again, so
   * a thread may take them without a copy. An empty text inserts nothing.
   */
  insertEncoded(table: string, jsonEachRow: string | Uint8Array): Promise<void>;
  /** Runs a statement that returns no rows (DDL, DELETE, OPTIMIZE). */
  command(sql: string, params?: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

/** A bucket a scheduled export writes to (docs/export.md, "Scheduled exports"). */
export interface ExportTarget {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint; AWS's S3 when null. */
  endpoint: string | null;
  /** The bucket's own keys; null: the service's own credentials (the function's role on AWS). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** Writes export files to customers' buckets, streamed: memory stays bounded whatever the size. */
export interface ExportBuckets {
  /**
   * Streams `body` into the object `key`; the object exists only once this resolves (a failure leaves
   * nothing under the key, or the previous object).
   */
  write(
    target: ExportTarget,
    key: string,
    body: AsyncIterable<string | Uint8Array>,
    contentType: string,
  ): Promise<{ bytes: number }>;
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

/**
 * The model providers: `mock` needs no key and answers deterministically; `openai-compatible` is any server
 * speaking OpenAI's chat completions at a base URL of its own (vLLM, Ollama, LiteLLM; docs/playground.md).
 */
export const LLM_PROVIDERS = ["mock", "openai", "anthropic", "openai-compatible"] as const;
export type LlmProviderName = (typeof LLM_PROVIDERS)[number];

/** A function the model may call: `parameters` is its arguments' JSON Schema. */
export interface LlmTool {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
}

/** A tool call the model made, its arguments as the JSON text it wrote. */
export interface LlmToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface LlmMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string;
  /** An assistant turn's tool calls. */
  toolCalls?: LlmToolCall[];
  /** A `tool` message answers the call with this id. */
  toolCallId?: string;
}

export interface LlmRequest {
  model: string;
  messages: LlmMessage[];
  temperature?: number;
  maxTokens?: number;
  topP?: number;
  stop?: string[];
  /**
   * `json`: one JSON object (`schema` guides the mock and the prompt; providers get their JSON mode).
   * `json_schema`: structured output the provider enforces against `schema`.
   */
  responseFormat?:
    | { type: "json"; schema?: Record<string, unknown> }
    | { type: "json_schema"; name: string; schema: Record<string, unknown>; strict?: boolean };
  tools?: LlmTool[];
  /** `auto` by default when tools are given; `{ name }` forces that tool. */
  toolChoice?: "auto" | "none" | "required" | { name: string };
}

export interface LlmCompletion {
  text: string;
  /** Tokens the provider reported for this call. */
  usage: { input: number; output: number };
  /** The model that answered, as the provider names it. */
  model: string;
}

/**
 * One event of a streamed completion: text deltas and tool-call deltas (the first delta of a call carries its
 * id and name, later ones more of its arguments), then exactly one `done` with the usage and answering model.
 */
export type LlmStreamEvent =
  | { type: "text"; text: string }
  | { type: "tool_call"; index: number; id?: string; name?: string; arguments: string }
  | { type: "done"; usage: { input: number; output: number }; model: string; finishReason: string | null };

/** One chat completion against one provider with one set of credentials. */
export interface LlmProvider {
  /** @throws LlmCallError when the provider cannot be reached or refuses. */
  complete(request: LlmRequest): Promise<LlmCompletion>;
  /**
   * Opens a streamed completion: resolves once the provider accepted the request (so a refusal is known
   * before anything is streamed), then yields its events. Returning early (`break`) closes the stream.
   * @throws LlmCallError when the provider cannot be reached or refuses, on opening or while streaming.
   */
  stream(request: LlmRequest, options?: { signal?: AbortSignal }): Promise<AsyncIterable<LlmStreamEvent>>;
}

/** Where credentials come from is the caller's business: the factory only receives them. */
export interface LlmCredentials {
  apiKey: string;
  baseUrl?: string | null;
}

/** Builds providers; one instance per process holds the retry policy and the per-provider concurrency bound. */
export interface LlmProviders {
  get(provider: LlmProviderName, credentials: LlmCredentials | null): LlmProvider;
}

/**
 * A failed provider call, by kind: `rate_limited` (429), `server` (5xx), `timeout` and `connection` are
 * transient and retried; `refused` (any other status, or missing credentials) is not.
 */
export class LlmCallError extends Error {
  constructor(
    readonly kind: "rate_limited" | "server" | "timeout" | "connection" | "refused",
    message: string,
    readonly status?: number,
    /** What the provider asked for in `retry-after-ms` / `retry-after`. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "LlmCallError";
  }

  get transient(): boolean {
    return this.kind !== "refused";
  }
}

/** A sealed secret as a table stores it, with a label for the rotation report. */
export interface SealedSecretRow {
  id: string;
  sealed: string;
  label: string;
}

/**
 * A table holding secrets sealed with the key ring. Each feature that stores such secrets exports one,
 * and the rotation command (`npm run rotate-secrets`) walks the registry of them.
 */
export interface SealedSecretTable {
  name: string;
  rows(db: Db): Promise<SealedSecretRow[]>;
  /** Replaces `previous` with `sealed` only if the row still holds `previous` (a concurrent save wins). */
  write(db: Db, id: string, sealed: string, previous: string): Promise<void>;
}

/** What an outbound call received: the status and the first bytes of the body. */
export interface OutboundResponse {
  status: number;
  /** At most a few kilobytes of the answer, as text (for error reports). */
  body: string;
}

/**
 * A failed outbound call: `timeout` (no answer within the adapter's time limit), `connection`
 * (refused, reset, DNS failure) or `private_address` (the host resolves to a private or loopback
 * address and the deployment refuses those).
 */
export class OutboundCallError extends Error {
  constructor(
    readonly kind: "timeout" | "connection" | "private_address",
    message: string,
  ) {
    super(message);
    this.name = "OutboundCallError";
  }
}

/** HTTP calls to customer-operated addresses (dataset runners, webhooks), with a time limit and an address policy. */
export interface OutboundHttp {
  /** Time limit of one call, connection and answer included: what a caller waiting on many calls plans with. */
  readonly timeoutMs: number;
  /** @throws OutboundCallError; any answer, 5xx included, resolves. */
  post(url: string, request: { headers: Record<string, string>; body: string }): Promise<OutboundResponse>;
}

/**
 * A domain event as it travels from the outbox to whoever reacts to it (docs/automations.md, "Events"):
 * the envelope automations send, `data` shaped per type.
 */
export interface EventEnvelope {
  id: string;
  type: string;
  projectId: string;
  /** ISO 8601, when the event happened. */
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Carries outbox events to their consumers: EventBridge on AWS (rules route each type to its functions), an
 * in-process dispatcher locally. At least once: a consumer may see an event twice and tells by its id.
 */
export interface EventBus {
  /** Publishes the events; resolves with the ids that were not accepted (to be published again later). */
  publish(events: readonly EventEnvelope[]): Promise<{ failed: string[] }>;
}

/** One plain-text email (magic links); SES on AWS, the service log locally (docs/auth.md, "Magic link"). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends email; resolves once the provider accepted the message. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * A DNS lookup that got no answer (`code` is the resolver's: ETIMEOUT, ESERVFAIL, ECONNREFUSED, …): distinct from a
 * name that has no such record, which is an answer.
 */
export class DnsLookupError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "DnsLookupError";
  }
}

/** DNS lookups, for proving control of a domain (docs/auth.md, "Proving the domain"). */
export interface DnsResolver {
  /**
   * The TXT records at `name`, each as the character strings it is made of; [] when the name has no TXT record
   * or does not exist. @throws DnsLookupError when no answer could be had.
   */
  txt(name: string): Promise<string[][]>;
}
