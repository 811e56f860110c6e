import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, jsonb, tsz } from "../platform/columns";

/** Per-project ingest policy: PII masking and sampling, read by every ingest request. */
export const ingestSettings = pgTable("ingest_settings", {
  projectId: text("project_id").primaryKey(),
  piiPolicy: jsonb("pii_policy"),
  sampling: jsonb("sampling"),
  updatedAt: tsz("updated_at").notNull(),
});

/** Inventory of SDK builds seen on ingest, one row per project, name and version. */
export const sdkUsage = pgTable(
  "sdk_usage",
  {
    projectId: text("project_id").notNull(),
    name: text("name").notNull(),
    version: text("version").notNull(),
    batches: bigint("batches", { mode: "number" }).notNull().default(0),
    events: bigint("events", { mode: "number" }).notNull().default(0),
    firstSeenAt: tsz("first_seen_at").notNull(),
    lastSeenAt: tsz("last_seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.name, t.version] })],
);

/**
 * Batches that the worker gave up on, per project: the queue's dead-letter queue holds
 * the messages, this table lets a project list its own and remember what was replayed.
 */
export const deadLetters = pgTable(
  "ingest_dead_letters",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    blobKey: text("blob_key").notNull(),
    error: text("error").notNull(),
    unrecoverable: boolean("unrecoverable").notNull(),
    attempts: integer("attempts").notNull(),
    eventCount: integer("event_count"),
    deadLetteredAt: tsz("dead_lettered_at").notNull(),
    replayedAt: tsz("replayed_at"),
  },
  (t) => [
    uniqueIndex("ingest_dead_letters_blob_idx").on(t.projectId, t.blobKey),
    index("ingest_dead_letters_project_idx").on(t.projectId, t.deadLetteredAt),
  ],
);

/** Replays of a project's dead letters; at most one runs per project (partial unique index). */
export const deadLetterReplays = pgTable(
  "ingest_replays",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    status: text("status", { enum: ["running", "done", "failed"] }).notNull(),
    replayed: integer("replayed").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: tsz("finished_at"),
  },
  (t) => [uniqueIndex("ingest_replays_running_idx").on(t.projectId).where(sql`status = 'running'`)],
);
