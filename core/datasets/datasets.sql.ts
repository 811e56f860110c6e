import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, json, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, jsonb, tsz } from "../platform/columns";

/** A named dataset of a project, with its optional item schema (docs/datasets.md, "Item schema"). */
export const datasets = pgTable(
  "datasets",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    metadata: jsonb("metadata"),
    /**
     * The declared item schema; declaring it never re-validates stored items (docs/datasets.md, "Item schema"). `json`,
     * not `jsonb`, keeps the declared order of properties, which orders the per-field errors.
     */
    itemSchema: json("item_schema"),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [uniqueIndex("datasets_project_name_idx").on(t.projectId, t.name)],
);

/**
 * Items of a dataset. Ids are the client's or random, unique within the dataset; `seq` keeps insertion
 * order. `input` and `expected_output` hold any JSON, bare strings included: read them as `::text`
 * (see `itemColumns`), since drizzle re-parses a string that PGlite already decoded ("4" became 4).
 */
export const datasetItems = pgTable(
  "dataset_items",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    input: jsonb("input").notNull(),
    expectedOutput: jsonb("expected_output"),
    metadata: jsonb("metadata"),
    /** The trace the item was copied from (docs/datasets.md, "From traces"); null for items sent whole. */
    sourceTraceId: text("source_trace_id"),
    /** The observation of that trace it was copied from; null when copied from the trace itself. */
    sourceObservationId: text("source_observation_id"),
    /** The source trace's end user at copy time, never returned: erasing that user's data deletes the item too. */
    sourceUserId: text("source_user_id"),
    /** `ACTIVE` or `ARCHIVED` (Langfuse's item status, docs/langfuse.md, "Dataset items"); an archived item stays readable. */
    status: text("status").notNull().default("ACTIVE"),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.datasetId, t.id] }),
    index("dataset_items_dataset_seq_idx").on(t.datasetId, t.seq),
    // One item per source in a dataset: a bulk add skips what is there already (ON CONFLICT DO NOTHING).
    uniqueIndex("dataset_items_source_idx")
      .on(t.datasetId, t.sourceTraceId, sql`coalesce(${t.sourceObservationId}, '')`)
      .where(sql`${t.sourceTraceId} is not null`),
    index("dataset_items_source_user_idx").on(t.sourceUserId).where(sql`${t.sourceUserId} is not null`),
    index("dataset_items_source_trace_idx").on(t.sourceTraceId).where(sql`${t.sourceTraceId} is not null`),
  ],
);

/** The dataset's remote runner; its signing secret is sealed with the key ring and shown only when registered. */
export const datasetRunners = pgTable("dataset_runners", {
  datasetId: text("dataset_id")
    .primaryKey()
    .references(() => datasets.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  /** `v1:<keyId>:<iv>:<ciphertext>` (core/platform/keyring.ts). */
  secretSealed: text("secret_sealed").notNull(),
  /** `accepted`, `rejected`, `timeout` or `unreachable` after a trigger; null before the first. */
  lastStatus: text("last_status"),
  lastError: text("last_error"),
  /** HTTP status of the runner's last answer, when it answered. */
  lastHttpStatus: integer("last_http_status"),
  lastTriggeredAt: tsz("last_triggered_at"),
  createdAt: createdAt(),
  updatedAt: tsz("updated_at").notNull(),
});

/** A run (experiment) over a dataset: a name, an optional version, and the items it linked to traces. */
export const datasetRuns = pgTable(
  "dataset_runs",
  {
    id: text("id").primaryKey(),
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    version: text("version"),
    /** Set by the run's first run item (Langfuse's `runDescription`); null otherwise. */
    description: text("description"),
    metadata: jsonb("metadata"),
    /** Created by `POST /v1/datasets/{name}/remote-runs` (before its trigger was sent). */
    remote: boolean("remote").notNull(),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [uniqueIndex("dataset_runs_dataset_name_idx").on(t.datasetId, t.name)],
);

/** One item's trace within a run; reporting the item again replaces its trace. */
export const datasetRunItems = pgTable(
  "dataset_run_items",
  {
    runId: text("run_id")
      .notNull()
      .references(() => datasetRuns.id, { onDelete: "cascade" }),
    datasetItemId: text("dataset_item_id").notNull(),
    traceId: text("trace_id").notNull(),
    observationId: text("observation_id"),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.datasetItemId] })],
);
