import type { UsageDetails } from "./usage-counts";

export type Level = "DEBUG" | "DEFAULT" | "WARNING" | "ERROR";

/** What the attribute mappers contribute to one observation; undefined means "not said". */
export interface ObservationDraft {
  type?: "span" | "generation" | "event";
  name?: string;
  input?: unknown;
  output?: unknown;
  model?: string;
  modelParameters?: Record<string, unknown>;
  usageDetails?: UsageDetails;
  costDetails?: Record<string, number>;
  completionStartTime?: string;
  level?: Level;
  statusMessage?: string;
  version?: string;
  environment?: string;
  promptName?: string;
  promptVersion?: number;
  metadata?: Record<string, unknown>;
}

/** What a span says about its trace (partial: the store merges trace-create events). */
export interface TraceDraft {
  name?: string;
  userId?: string;
  sessionId?: string;
  release?: string;
  version?: string;
  environment?: string;
  tags?: string[];
  public?: boolean;
  metadata?: Record<string, unknown>;
  input?: unknown;
  output?: unknown;
}

/** Drops undefined fields, so that a partial update never clears what another event set. */
export function defined<T extends object>(value: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const key in value) if (value[key] !== undefined) out[key] = value[key];
  return out as Partial<T>;
}
