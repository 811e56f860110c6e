import { bigserial, boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, jsonb, tsz } from "../platform/columns";

/** An automation (docs/automations.md): a trigger, an action and its target; the secret sealed under the key ring. */
export const automations = pgTable(
  "automations",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    name: text("name").notNull(),
    trigger: text("trigger").notNull(),
    action: text("action", { enum: ["webhook", "slack", "github"] }).notNull(),
    target: text("target").notNull(),
    secretSealed: text("secret_sealed"),
    filter: jsonb("filter"),
    threshold: doublePrecision("threshold"),
    enabled: boolean("enabled").notNull(),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("automations_project_name_idx").on(t.projectId, t.name),
    index("automations_project_trigger_idx").on(t.projectId, t.trigger),
  ],
);

/** One event to one automation: each attempt updates it; the log of a delivery is this row. */
export const automationDeliveries = pgTable(
  "automation_deliveries",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    id: text("id").notNull().unique(),
    automationId: text("automation_id")
      .notNull()
      .references(() => automations.id, { onDelete: "cascade" }),
    projectId: text("project_id").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** The event envelope as sent. */
    envelope: jsonb("envelope").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    error: text("error"),
    durationMs: integer("duration_ms"),
    /** Every attempt, oldest first: `{attempt, at, responseStatus, error, durationMs}`. */
    attemptLog: jsonb("attempt_log").notNull(),
    nextAttemptAt: tsz("next_attempt_at"),
    /** Set while one runner attempts the delivery, so overlapping runs never send it twice at once. */
    leasedUntil: tsz("leased_until"),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [
    // The same event never makes two deliveries to one automation (the relay is at least once).
    uniqueIndex("automation_deliveries_event_idx").on(t.automationId, t.eventId),
    index("automation_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("automation_deliveries_log_idx").on(t.automationId, t.seq),
  ],
);

/** The project's product-analytics sink (a capture-style API); its key sealed under the key ring. */
export const eventSinks = pgTable("event_sinks", {
  projectId: text("project_id").primaryKey(),
  url: text("url").notNull(),
  apiKeySealed: text("api_key_sealed").notNull(),
  /** Which of `trace`, `score` are forwarded. */
  events: jsonb("events").notNull(),
  enabled: boolean("enabled").notNull(),
  createdAt: createdAt(),
  updatedAt: tsz("updated_at").notNull(),
});

/** Capture events waiting for, or past, their batch to the sink. */
export const sinkEvents = pgTable(
  "sink_events",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    projectId: text("project_id").notNull(),
    eventId: text("event_id").notNull(),
    body: jsonb("body").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    nextAttemptAt: tsz("next_attempt_at").notNull(),
    leasedUntil: tsz("leased_until"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sink_events_event_idx").on(t.projectId, t.eventId),
    index("sink_events_due_idx").on(t.status, t.nextAttemptAt),
  ],
);
