import type { Connection } from "./connection.js";
import { request, type Transport } from "./http.js";
import { SDK_NAME, SDK_VERSION } from "./version.js";

/** The ingest event format (Langfuse's): one id per event, used by the service to drop duplicates. */
export type EventType =
  | "trace-create"
  | "span-create"
  | "span-update"
  | "generation-create"
  | "generation-update"
  | "event-create"
  | "score-create";

export interface IngestEvent {
  id: string;
  type: EventType;
  timestamp: string;
  body: Record<string, unknown>;
}

/**
 * An event as it waits in the queue: its id and ISO timestamp are made when it is sent, off the
 * caller's path (together they cost more than the rest of a span), and kept for its retries.
 */
export interface QueuedEvent {
  type: EventType;
  /** When it happened, in ms since the epoch. */
  at: number;
  body: Record<string, unknown>;
}

export type Level = "DEBUG" | "DEFAULT" | "WARNING" | "ERROR";

export interface TraceBody {
  id?: string;
  name?: string;
  userId?: string;
  sessionId?: string;
  input?: unknown;
  output?: unknown;
  metadata?: unknown;
  tags?: string[];
  release?: string;
  version?: string;
  environment?: string;
  public?: boolean;
  timestamp?: Date | string;
}

export interface ObservationBody {
  id?: string;
  parentObservationId?: string;
  name?: string;
  startTime?: Date | string;
  endTime?: Date | string;
  input?: unknown;
  output?: unknown;
  metadata?: unknown;
  level?: Level;
  statusMessage?: string;
  version?: string;
  environment?: string;
}

export interface GenerationBody extends ObservationBody {
  model?: string;
  modelParameters?: Record<string, unknown>;
  /** Token counts: `input`, `output`, `total`, and any other key (e.g. `cache_read`). */
  usageDetails?: Record<string, number>;
  /** Cost in USD per usage key; given costs win over the service's computed ones. */
  costDetails?: Record<string, number>;
  completionStartTime?: Date | string;
  promptName?: string;
  promptVersion?: number;
}

export interface ScoreBody {
  id?: string;
  traceId?: string;
  observationId?: string;
  sessionId?: string;
  name: string;
  /** A number, 0/1/true/false for BOOLEAN, or the label of a CATEGORICAL score. */
  value?: number | string | boolean;
  stringValue?: string;
  dataType?: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
  comment?: string;
  configId?: string;
  environment?: string;
  metadata?: unknown;
  timestamp?: Date | string;
}

export interface IngestResult {
  successes: { id: string; status: number }[];
  errors: { id: string; status: number; message: string }[];
}

/** Sends one ingest batch at once, outside any client's queue; answers the per-event results (207). */
export const ingest = (conn: Connection, batch: unknown[], transport?: Transport) =>
  request<IngestResult>(
    conn,
    "POST",
    "/v1/ingest",
    { batch, sdk: { name: SDK_NAME, version: SDK_VERSION } },
    transport,
  );
