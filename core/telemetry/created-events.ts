import { sql } from "drizzle-orm";
import { outboxEvents, outboxSignal } from "../audit";
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
  /** Whether anything takes an event of the type carrying `data`. */
  takes(type: string, data: Record<string, unknown>): boolean;
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

/** Appends `score.created` for the scores something takes; a score seen before adds nothing. */
export async function appendScoresCreated(
  db: Db,
  rows: Iterable<PartialRow>,
  takersOf: (projectId: string) => CreatedTakers | undefined,
  now: Date,
): Promise<void> {
  const values = [];
  for (const r of rows) {
    const takers = takersOf(r.projectId);
    if (!takers?.has("score.created")) continue;
    const payload = scoreCreatedData(r);
    if (!takers.takes("score.created", payload)) continue;
    values.push({
      id: createdEventId("score.created", r.projectId, r.id),
      projectId: r.projectId,
      type: "score.created",
      payload,
      createdAt: now,
    });
  }
  if (values.length === 0) return;
  await db.insert(outboxEvents).values(values).onConflictDoNothing({ target: outboxEvents.id });
  outboxSignal.raise();
}

/**
 * The `trace.created` events of a delivery's traces that something takes, as the trace-mirror statement
 * inserts them: only a key that statement inserted (a trace seen for the first time) gets one, in the same
 * statement, so the event and the trace's first row commit together.
 */
export function traceCreatedInputs(
  rows: Iterable<PartialRow>,
  projectId: string,
  takers: CreatedTakers,
): { key: string; id: string; payload: Record<string, unknown> }[] {
  const inputs = [];
  for (const r of rows) {
    if (r.projectId !== projectId) continue;
    const payload = traceCreatedData(r);
    if (takers.takes("trace.created", payload))
      inputs.push({ key: r.id, id: createdEventId("trace.created", projectId, r.id), payload });
  }
  return inputs;
}

/** The CTE that appends them, joined to the statement's `inserted` keys. */
export const traceCreatedCte = (projectId: string, inputs: ReturnType<typeof traceCreatedInputs>, now: Date) => sql`,
    created AS (
      INSERT INTO outbox_events (id, project_id, type, payload, created_at)
      SELECT c.id, ${projectId}, 'trace.created', c.payload, ${now.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(inputs)}::jsonb) AS c(key text, id text, payload jsonb)
      JOIN inserted i ON i.kind = 'trace' AND i.key = c.key
      ON CONFLICT (id) DO NOTHING
    )`;
