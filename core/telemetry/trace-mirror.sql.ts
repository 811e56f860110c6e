import { date, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "../platform/columns";

/**
 * The relational mirror of the telemetry store's traces: for each trace (and each score
 * without a trace) of a project, the day its first event was received. The ingest worker
 * assigns that day once and every later partial row of the trace carries it, so all rows of
 * an entity land in one ClickHouse partition (migration 0003). Deleting a trace deletes its row.
 */
export const traceMirror = pgTable(
  "trace_mirror",
  {
    projectId: text("project_id").notNull(),
    /** `trace`: `key` is a trace id; `score`: `key` is the id of a score sent without a trace. */
    kind: text("kind", { enum: ["trace", "score"] }).notNull(),
    key: text("key").notNull(),
    bucket: date("bucket", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.kind, t.key] })],
);
