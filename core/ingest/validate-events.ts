import type * as z from "zod";
import { DEPTH_MESSAGE, valueExceedsDepth } from "../platform/storable-text";
import { EVENT_BODIES, type EventType, IngestEventEnvelope, type IngestResponse } from "./ingest.schema";

/** An event that passed validation, with its timestamps normalised to ISO UTC. */
export interface ValidEvent {
  id: string;
  type: EventType;
  timestamp: string;
  body: Record<string, unknown>;
}

const TIME_FIELDS = ["timestamp", "startTime", "endTime", "completionStartTime"] as const;

/** ISO-8601 UTC with milliseconds; a time without offset is taken as UTC. */
export function toIsoUtc(value: string): string {
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value);
  return new Date(hasZone ? value : `${value}Z`).toISOString();
}

const describe = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}` : "invalid value";
};

/** How an event is named in the answer when it has no usable id. */
const nameOf = (raw: unknown, index: number) => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === "string" && id.length > 0 ? id : `#${index}`;
};

/**
 * Checks each event on its own: the valid ones are returned for storage, each bad
 * one gets a 400 entry naming it. A repeated event id is dropped; the first wins.
 */
export function validateEvents(batch: readonly unknown[]): { events: ValidEvent[]; results: IngestResponse } {
  const events: ValidEvent[] = [];
  const results: IngestResponse = { successes: [], errors: [] };
  const seen = new Set<string>();
  batch.forEach((raw, index) => {
    // Before anything recursive touches the event (zod, masking, JSON.stringify of the batch).
    if (valueExceedsDepth(raw)) {
      results.errors.push({ id: nameOf(raw, index), status: 400, message: `Invalid event: ${DEPTH_MESSAGE}` });
      return;
    }
    const envelope = IngestEventEnvelope.safeParse(raw);
    if (!envelope.success) {
      results.errors.push({
        id: nameOf(raw, index),
        status: 400,
        message: `Invalid event: ${describe(envelope.error)}`,
      });
      return;
    }
    const { id, type, timestamp } = envelope.data;
    if (seen.has(id)) return;
    seen.add(id);
    const schema = EVENT_BODIES[type as EventType] as z.ZodType | undefined;
    if (!schema || !Object.hasOwn(EVENT_BODIES, type)) {
      results.errors.push({ id, status: 400, message: `Unknown event type '${type}'` });
      return;
    }
    const body = schema.safeParse(envelope.data.body);
    if (!body.success) {
      results.errors.push({ id, status: 400, message: `Invalid ${type} body: ${describe(body.error)}` });
      return;
    }
    const normalised = body.data as Record<string, unknown>;
    for (const field of TIME_FIELDS)
      if (typeof normalised[field] === "string") normalised[field] = toIsoUtc(normalised[field]);
    events.push({ id, type: type as EventType, timestamp: toIsoUtc(timestamp), body: normalised });
    results.successes.push({ id, status: 201 });
  });
  return { events, results };
}

/** The trace an event belongs to, for sampling; null when it names none (session scores). */
export function traceIdOf(event: ValidEvent): string | null {
  if (event.type === "trace-create") return event.body.id as string;
  return (event.body.traceId as string | undefined) ?? null;
}
