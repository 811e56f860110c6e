import { bigserial, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, jsonb, tsz } from "../platform/columns";

/** Who changed which configuration, when; append-only. */
export const auditLog = pgTable(
  "audit_log",
  {
    /** Serial so that entries written in one millisecond still page in a stable order. */
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    id: text("id").notNull().unique(),
    projectId: text("project_id").notNull(),
    actorType: text("actor_type", { enum: ["api_key", "user", "system"] }).notNull(),
    actorId: text("actor_id").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_project_idx").on(t.projectId, t.seq)],
);

/**
 * Transactional outbox: domain events are written in the transaction of the
 * mutation that caused them, and the relay hands them to subscribers afterwards.
 */
export const outboxEvents = pgTable(
  "outbox_events",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    id: text("id").notNull().unique(),
    projectId: text("project_id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
    dispatchedAt: tsz("dispatched_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Set while one relay run publishes the event, so overlapping runs do not publish it twice. */
    claimedUntil: tsz("claimed_until"),
  },
  (t) => [index("outbox_pending_idx").on(t.dispatchedAt, t.seq)],
);
