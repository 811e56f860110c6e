import { sql } from "drizzle-orm";
import { deliveriesSignal, outboxSignal } from "../audit";
import type { Db } from "../platform/db";
import { stableUuid } from "../platform/stable-id";
import type { PartialRow } from "./partial-row";

/**
 * What a project's listeners take of `trace.created` and `score.created`: an enabled automation whose trigger,
 * filter and threshold hold for the event, or an event sink that takes its kind.
 */
export interface CreatedTakers {
  /** Whether anything listens to the type at all: no event of it is built otherwise. */
  has(type: string): boolean;
  /** The ids of the automations that take an event of the type carrying `data`. */
  automationsTaking(type: string, data: Record<string, unknown>): string[];
  /** Whether the project's event sink takes events of the type. */
  sinkTakes(type: string): boolean;
}

/**
 * A project's takers; writers ask before building events and append only the events something takes, so a
 * project without listeners, or whose automations' filters hold for none of its traffic, pays nothing
 * (docs/automations.md, "Events").
 */
export type CreatedListeners = (projectId: string) => Promise<CreatedTakers>;

const iso = (ch: string | undefined) => (ch ? `${ch.replace(" ", "T")}Z` : null);
const parsed = (text: string | undefined) => {
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** A trace as `trace.created` carries it: everything but its input and output. */
export function traceCreatedData(row: PartialRow): Record<string, unknown> {
  return {
    id: row.id,
    name: row.get<string>("name") ?? null,
    userId: row.get<string>("user_id") ?? null,
    sessionId: row.get<string>("session_id") ?? null,
    release: row.get<string>("release") ?? null,
    version: row.get<string>("version") ?? null,
    environment: row.get<string>("environment") ?? "default",
    tags: [...row.tags],
    metadata: parsed(row.get<string>("metadata")),
    timestamp: iso(row.mins.get("timestamp")),
  };
}

/** A score as `score.created` carries it. */
export function scoreCreatedData(row: PartialRow): Record<string, unknown> {
  return {
    id: row.id,
    traceId: row.traceId,
    observationId: row.get<string>("observation_id") ?? null,
    sessionId: row.get<string>("session_id") ?? null,
    name: row.get<string>("name") ?? null,
    value: row.get<number>("value") ?? null,
    stringValue: row.get<string>("string_value") ?? null,
    dataType: row.get<string>("data_type") ?? null,
    source: row.get<string>("source") ?? "API",
    comment: row.get<string>("comment") ?? null,
    configId: row.get<string>("config_id") ?? null,
    environment: row.get<string>("environment") ?? "default",
    timestamp: iso(row.mins.get("timestamp")),
  };
}

/** The event id of an entity's creation: the same on every retry and redelivery, so it is appended once. */
export const createdEventId = (type: string, projectId: string, id: string) => stableUuid(type, projectId, id);

/** One created event something takes: the automations that take it, and whether the sink does. */
export interface CreatedInput {
  projectId: string;
  id: string;
  payload: Record<string, unknown>;
  automations: string[];
  outbox: boolean;
}

/** What the takers of `type` in `row`'s project take of one event carrying `payload`; null: nothing does. */
function createdInput(
  type: "trace.created" | "score.created",
  row: PartialRow,
  takers: CreatedTakers,
  payload: Record<string, unknown>,
): CreatedInput | null {
  const automations = takers.automationsTaking(type, payload);
  const outbox = takers.sinkTakes(type);
  if (!automations.length && !outbox) return null;
  return { projectId: row.projectId, id: createdEventId(type, row.projectId, row.id), payload, automations, outbox };
}

/**
 * Records `score.created` for the scores something takes, in one statement after the scores are written: a
 * delivery per taking automation, the outbox event only for the sink (docs/automations.md, "Events"). A score seen
 * before adds nothing.
 */
export async function appendScoresCreated(
  db: Db,
  rows: Iterable<PartialRow>,
  takersOf: (projectId: string) => CreatedTakers | undefined,
  now: Date,
): Promise<void> {
  const inputs: CreatedInput[] = [];
  for (const r of rows) {
    const takers = takersOf(r.projectId);
    if (!takers?.has("score.created")) continue;
    const input = createdInput("score.created", r, takers, scoreCreatedData(r));
    if (input) inputs.push(input);
  }
  if (inputs.length === 0) return;
  await db.execute(sql`
    WITH created_input AS (
      SELECT c.* FROM jsonb_to_recordset(${JSON.stringify(inputs)}::jsonb)
        AS c("projectId" text, id text, payload jsonb, automations jsonb, outbox boolean)
    )${recordCreated("score.created", now)}
    SELECT 1`);
  raiseSignals(inputs);
}

/** Tells the runtime what the recorded events left to do: a relay for the sink's, an attempt for the deliveries. */
export function raiseSignals(inputs: readonly CreatedInput[]): void {
  if (inputs.some((c) => c.outbox)) outboxSignal.raise();
  for (const projectId of new Set(inputs.filter((c) => c.automations.length).map((c) => c.projectId)))
    deliveriesSignal.raise(projectId);
}

/**
 * The `trace.created` events of a delivery's traces that something takes, as the trace-mirror statement
 * records them: only a key that statement inserted (a trace seen for the first time) gets one, in the same
 * statement, so the event and the trace's first row commit together (docs/automations.md, "Events").
 */
export function traceCreatedInputs(
  rows: Iterable<PartialRow>,
  projectId: string,
  takers: CreatedTakers,
): (CreatedInput & { key: string })[] {
  const inputs = [];
  for (const r of rows) {
    if (r.projectId !== projectId) continue;
    const input = createdInput("trace.created", r, takers, traceCreatedData(r));
    if (input) inputs.push({ ...input, key: r.id });
  }
  return inputs;
}

/** The CTEs that record them, joined to the statement's `inserted` keys. */
export const traceCreatedCte = (inputs: ReturnType<typeof traceCreatedInputs>, now: Date) => sql`,
    created_input AS (
      SELECT c.* FROM jsonb_to_recordset(${JSON.stringify(inputs)}::jsonb)
        AS c(key text, "projectId" text, id text, payload jsonb, automations jsonb, outbox boolean)
      JOIN inserted i ON i.kind = 'trace' AND i.key = c.key
    )${recordCreated("trace.created", now)}`;

/**
 * The CTEs that record the events of `created_input`: each taking automation's delivery, pending and due at once,
 * its envelope as the outbox relay would have made it (`envelopeOf`; an automation deleted or disabled since the
 * writer read it gets none), and the outbox event when the sink takes it.
 */
const recordCreated = (type: "trace.created" | "score.created", now: Date) => {
  const at = now.toISOString();
  return sql`,
    created_deliveries AS (
      INSERT INTO automation_deliveries
        (id, automation_id, project_id, event_id, type, envelope, status, attempts, attempt_log, next_attempt_at, created_at, updated_at)
      SELECT gen_random_uuid()::text, a.id, c."projectId", c.id, ${type}::text,
        jsonb_build_object('id', c.id, 'type', ${type}::text, 'projectId', c."projectId", 'timestamp', ${at}::text, 'data', c.payload),
        'pending', 0, '[]'::jsonb, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
      FROM created_input c
      CROSS JOIN LATERAL jsonb_array_elements_text(c.automations) AS t(automation_id)
      JOIN automations a ON a.id = t.automation_id AND a.project_id = c."projectId" AND a.enabled
      ON CONFLICT (automation_id, event_id) DO NOTHING
    ),
    created AS (
      INSERT INTO outbox_events (id, project_id, type, payload, created_at)
      SELECT c.id, c."projectId", ${type}::text, c.payload, ${at}::timestamptz
      FROM created_input c WHERE c.outbox
      ON CONFLICT (id) DO NOTHING
    )`;
};
