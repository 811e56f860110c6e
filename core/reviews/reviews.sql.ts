import { sql } from "drizzle-orm";
import { bigserial, doublePrecision, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, jsonb, tsz } from "../platform/columns";

/** A review queue (docs/reviews.md): the score its reviewers write, with the type, range or labels it takes. */
export const reviewQueues = pgTable(
  "review_queues",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    name: text("name").notNull(),
    scoreName: text("score_name").notNull(),
    dataType: text("data_type", { enum: ["NUMERIC", "CATEGORICAL", "BOOLEAN"] }).notNull(),
    categories: jsonb("categories").notNull(),
    min: doublePrecision("min"),
    max: doublePrecision("max"),
    description: text("description"),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [uniqueIndex("review_queues_project_name_idx").on(t.projectId, t.name)],
);

/** A trace waiting for review in a queue, or reviewed: by whom, and the score it got. */
export const reviewItems = pgTable(
  "review_items",
  {
    id: text("id").primaryKey(),
    queueId: text("queue_id")
      .notNull()
      .references(() => reviewQueues.id, { onDelete: "cascade" }),
    projectId: text("project_id").notNull(),
    /** Enqueue order, the order reviewers work in (ids given together keep their order). */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    traceId: text("trace_id").notNull(),
    status: text("status", { enum: ["pending", "done"] }).notNull(),
    scoreId: text("score_id"),
    /** The API key (or, with sign-in, the user) that submitted the review. */
    reviewer: text("reviewer"),
    createdAt: createdAt(),
    doneAt: tsz("done_at"),
  },
  (t) => [
    index("review_items_queue_idx").on(t.queueId, t.status, t.seq),
    // A trace is pending at most once per queue; once done it may be queued again.
    uniqueIndex("review_items_pending_idx").on(t.queueId, t.traceId).where(sql`status = 'pending'`),
  ],
);
