import { bigint, doublePrecision, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, jsonb, tsz } from "../platform/columns";

/*
 * Experiments Sightline runs itself (docs/experiments.md): what a run calls, and where each item stands. No
 * foreign key to the dataset run (another feature's table): a lane whose run is gone stops.
 */

/** One experiment per dataset run that the service executes; the prompt version is fixed when it starts. */
export const experimentRuns = pgTable("experiment_runs", {
  runId: text("run_id").primaryKey(),
  projectId: text("project_id").notNull(),
  datasetId: text("dataset_id").notNull(),
  /** Names at the start, for the traces' names and metadata. */
  datasetName: text("dataset_name").notNull(),
  runName: text("run_name").notNull(),
  status: text("status", { enum: ["queued", "running", "completed", "failed", "cancelled"] }).notNull(),
  promptName: text("prompt_name").notNull(),
  promptVersion: integer("prompt_version").notNull(),
  /** The label asked for, when the version was chosen by label. */
  promptLabel: text("prompt_label"),
  provider: text("provider").notNull(),
  model: text("model").notNull(),
  parameters: jsonb("parameters").notNull(),
  /** Prompt variable → item path, e.g. `{"question": "input.question"}`. */
  mapping: jsonb("mapping").notNull(),
  evaluators: jsonb("evaluators").notNull(),
  /** Lanes: model calls of this run in flight at most. */
  concurrency: integer("concurrency").notNull(),
  total: integer("total").notNull(),
  /** Why the run failed as a whole (the queue gave up on a lane). */
  error: text("error"),
  createdAt: createdAt(),
  updatedAt: tsz("updated_at").notNull(),
  finishedAt: tsz("finished_at"),
});

/** Each item of an experiment: pending, claimed by a lane (running), done, failed (with the reason) or cancelled. */
export const experimentItems = pgTable(
  "experiment_items",
  {
    runId: text("run_id").notNull(),
    datasetItemId: text("dataset_item_id").notNull(),
    /** The item's order in the dataset: lanes take the oldest pending item first. */
    seq: bigint("seq", { mode: "number" }).notNull(),
    status: text("status", { enum: ["pending", "running", "done", "failed", "cancelled"] }).notNull(),
    traceId: text("trace_id"),
    error: text("error"),
    latencyMs: integer("latency_ms"),
    costUsd: doublePrecision("cost_usd"),
    claimedAt: tsz("claimed_at"),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.datasetItemId] }),
    index("experiment_items_run_status_idx").on(t.runId, t.status, t.seq),
  ],
);
