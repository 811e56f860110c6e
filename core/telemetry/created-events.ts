import { sql } from "drizzle-orm";
import { outboxEvents, outboxSignal } from "../audit";
import type { Db } from "../platform/db";
import { stableUuid } from "../platform/stable-id";
import type { PartialRow } from "./partial-row";

/**
 * Which of `trace.created` and `score.created` a project listens to (an automation or an event sink takes
 * them); writers ask before building events, so a project without listeners pays nothing (docs/automations.md).
 */
export type CreatedListeners = (projectId: string) => Promise<ReadonlySet<string>>;

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

/** Appends `score.created` for the scores of listening projects; a score seen before adds nothing. */
export async function appendScoresCreated(
  db: Db,
  rows: Iterable<PartialRow>,
  listening: (projectId: string) => boolean,
  now: Date,
): Promise<void> {
  const values = [...rows]
    .filter((r) => listening(r.projectId))
    .map((r) => ({
      id: createdEventId("score.created", r.projectId, r.id),
      projectId: r.projectId,
      type: "score.created",
      payload: scoreCreatedData(r),
      createdAt: now,
    }));
  if (values.length === 0) return;
  await db.insert(outboxEvents).values(values).onConflictDoNothing({ target: outboxEvents.id });
  outboxSignal.raise();
}

/**
 * The `trace.created` events of a delivery's new traces, as the trace-mirror statement inserts them: only a
 * key that statement inserted (a trace seen for the first time) gets one, in the same statement, so the
 * event and the trace's first row commit together.
 */
export function traceCreatedInputs(
  rows: Iterable<PartialRow>,
  projectId: string,
): { key: string; id: string; payload: Record<string, unknown> }[] {
  return [...rows]
    .filter((r) => r.projectId === projectId)
    .map((r) => ({ key: r.id, id: createdEventId("trace.created", projectId, r.id), payload: traceCreatedData(r) }));
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
