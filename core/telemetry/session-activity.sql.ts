import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { tsz } from "../platform/columns";

/**
 * The newest activity of each session, kept by the ingest worker in the statement that assigns partition
 * days (docs/evaluators.md, "Thread scope"): when a trace of the session last received events, and its
 * newest trace. `settled` turns true once every thread evaluator of the project has claimed the session's
 * newest trace, and false again at the next activity, so the cooldown job reads only unsettled sessions.
 */
export const sessionActivity = pgTable(
  "session_activity",
  {
    projectId: text("project_id").notNull(),
    sessionId: text("session_id").notNull(),
    latestTraceId: text("latest_trace_id").notNull(),
    /** The newest trace's own timestamp: a later event of an older trace never makes it the latest. */
    latestTraceAt: tsz("latest_trace_at").notNull(),
    lastActivityAt: tsz("last_activity_at").notNull(),
    settled: boolean("settled").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.sessionId] }),
    index("session_activity_unsettled_idx").on(t.projectId, t.lastActivityAt).where(sql`NOT settled`),
  ],
);
