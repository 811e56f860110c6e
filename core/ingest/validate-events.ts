import type * as z from "zod";
import { DEPTH_MESSAGE, valueExceedsDepth } from "../platform/storable-text";
import { fastEvent } from "./fast-events";
import { EVENT_BODIES, type EventType, IngestEventEnvelope, type IngestResponse } from "./ingest.schema";

/**
 * Why one event was refused, as data: the 207 answer's message is made from it (`messageOf`), and a caller
 * that speaks for a single event (`POST /v1/scores`) phrases it its own way without editing that message.
 */
export type EventProblem =
  | { kind: "too_deep" }
  | { kind: "bad_envelope"; issue: string }
  | { kind: "unknown_type"; type: string }
  | { kind: "bad_body"; type: EventType; issue: string }
  /** A score that misfits its config (docs/scores.md); `message` names the rule. */
  | { kind: "score_misfit"; message: string };

/** One refused event: its id (or `#index`) and why. */
export interface RejectedEvent {
  id: string;
  problem: EventProblem;
}

/** The message a refused event gets in the 207 answer. */
export function messageOf(problem: EventProblem): string {
  switch (problem.kind) {
    case "too_deep":
      return `Invalid event: ${DEPTH_MESSAGE}`;
    case "bad_envelope":
      return `Invalid event: ${problem.issue}`;
    case "unknown_type":
      return `Unknown event type '${problem.type}'`;
    case "bad_body":
      return `Invalid ${problem.type} body: ${problem.issue}`;
    case "score_misfit":
      return problem.message;
  }
}

/** Records a refused event both ways: as data and as the 400 entry of the answer. */
export function reject(
  into: { results: IngestResponse; rejected: RejectedEvent[] },
  id: string,
  problem: EventProblem,
): void {
  into.rejected.push({ id, problem });
  into.results.errors.push({ id, status: 400, message: messageOf(problem) });
}

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
export function validateEvents(batch: readonly unknown[]): {
  events: ValidEvent[];
  results: IngestResponse;
  rejected: RejectedEvent[];
} {
  const events: ValidEvent[] = [];
  const results: IngestResponse = { successes: [], errors: [] };
  const rejected: RejectedEvent[] = [];
  const out = { results, rejected };
  const seen = new Set<string>();
  for (const [index, raw] of batch.entries()) {
    // Before anything recursive touches the event (zod, masking, JSON.stringify of the batch).
    if (valueExceedsDepth(raw)) {
      reject(out, nameOf(raw, index), { kind: "too_deep" });
      continue;
    }
    // The common events, checked by hand (times already normalised); null sends the event through zod,
    // which words every refusal (docs/ingest.md, "Validation fast path").
    const fast = fastEvent(raw);
    if (fast) {
      if (seen.has(fast.id)) continue;
      seen.add(fast.id);
      events.push(fast);
      results.successes.push({ id: fast.id, status: 201 });
      continue;
    }
    const envelope = IngestEventEnvelope.safeParse(raw);
    if (!envelope.success) {
      reject(out, nameOf(raw, index), { kind: "bad_envelope", issue: describe(envelope.error) });
      continue;
    }
    const { id, type, timestamp } = envelope.data;
    if (seen.has(id)) continue;
    seen.add(id);
    const schema = EVENT_BODIES[type as EventType] as z.ZodType | undefined;
    if (!schema || !Object.hasOwn(EVENT_BODIES, type)) {
      reject(out, id, { kind: "unknown_type", type });
      continue;
    }
    const body = schema.safeParse(envelope.data.body);
    if (!body.success) {
      reject(out, id, { kind: "bad_body", type: type as EventType, issue: describe(body.error) });
      continue;
    }
    const normalised = body.data as Record<string, unknown>;
    for (const field of TIME_FIELDS)
      if (typeof normalised[field] === "string") normalised[field] = toIsoUtc(normalised[field]);
    events.push({ id, type: type as EventType, timestamp: toIsoUtc(timestamp), body: normalised });
    results.successes.push({ id, status: 201 });
  }
  return { events, results, rejected };
}

/** The trace an event belongs to, for sampling; null when it names none (session scores). */
export function traceIdOf(event: ValidEvent): string | null {
  if (event.type === "trace-create") return event.body.id as string;
  return (event.body.traceId as string | undefined) ?? null;
}
