import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../platform/db";
import { sessionActivity } from "./session-activity.sql";

export interface QuietSession {
  sessionId: string;
  /** The session's newest trace. */
  traceId: string;
  lastActivityAt: Date;
}

/**
 * Unsettled sessions of a project with no activity since `quietSince`, longest quiet first, at most `limit`
 * (the thread-cooldown job's read: the partial index holds only unsettled sessions).
 */
export async function quietSessions(
  db: Db,
  projectId: string,
  quietSince: Date,
  limit: number,
): Promise<QuietSession[]> {
  const a = sessionActivity;
  return db
    .select({ sessionId: a.sessionId, traceId: a.latestTraceId, lastActivityAt: a.lastActivityAt })
    .from(a)
    .where(and(eq(a.projectId, projectId), eq(a.settled, false), lte(a.lastActivityAt, quietSince)))
    .orderBy(a.lastActivityAt)
    .limit(limit);
}

/** Marks sessions settled unless they saw activity or a newer trace since they were read. */
export async function settleSessions(db: Db, projectId: string, sessions: readonly QuietSession[]): Promise<void> {
  if (sessions.length === 0) return;
  const rows = sessions.map((q) => ({ id: q.sessionId, trace: q.traceId, at: q.lastActivityAt.toISOString() }));
  await db.execute(sql`
    UPDATE session_activity s SET settled = true
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS q(id text, trace text, at timestamptz)
    WHERE s.project_id = ${projectId} AND s.session_id = q.id AND s.latest_trace_id = q.trace AND s.last_activity_at <= q.at`);
}
