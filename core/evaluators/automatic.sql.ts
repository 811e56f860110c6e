import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, jsonb, tsz } from "../platform/columns";

/*
 * The state of evaluations that run by themselves (docs/evaluators.md, "Experiments", "Backfill", "Thread scope").
 */

/**
 * Evaluators named on a dataset run: every item linked to the run, now or later, is scored by each. No foreign
 * key to the run (another feature's table): a job whose run is gone is skipped by the eval worker.
 */
export const experimentEvaluators = pgTable(
  "experiment_evaluators",
  {
    runId: text("run_id").notNull(),
    evaluatorId: text("evaluator_id").notNull(),
    projectId: text("project_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.evaluatorId] })],
);

/**
 * Run items waiting for their trace's output: the ingest worker queues them when the output arrives (one
 * indexed delete per delivery), or the run's recording does when the output is already stored.
 */
export const experimentTargets = pgTable(
  "experiment_targets",
  {
    runId: text("run_id").notNull(),
    datasetItemId: text("dataset_item_id").notNull(),
    evaluatorId: text("evaluator_id").notNull(),
    projectId: text("project_id").notNull(),
    traceId: text("trace_id").notNull(),
    observationId: text("observation_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.datasetItemId, t.evaluatorId] }),
    index("experiment_targets_trace_idx").on(t.projectId, t.traceId),
  ],
);

/**
 * A backfill run: the traces it scores are chosen when it is queued (newest first, sampled, capped) and
 * kept here, so progress is an offset into them and a resumed run continues where the last chunk ended.
 */
export const evaluatorBackfills = pgTable(
  "evaluator_backfills",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    evaluatorId: text("evaluator_id").notNull(),
    evaluatorName: text("evaluator_name").notNull(),
    status: text("status", { enum: ["queued", "running", "completed", "failed"] }).notNull(),
    days: integer("days").notNull(),
    filter: jsonb("filter").notNull(),
    traceIds: jsonb("trace_ids").notNull(),
    total: integer("total").notNull(),
    processed: integer("processed").notNull(),
    failed: integer("failed").notNull(),
    cap: integer("cap").notNull(),
    capped: boolean("capped").notNull(),
    error: text("error"),
    /** A worker holds the run until then; a run whose lease ran out is resumed by the `backfill` schedule. */
    leaseUntil: tsz("lease_until"),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
    finishedAt: tsz("finished_at"),
  },
  (t) => [
    index("evaluator_backfills_project_idx").on(t.projectId, t.createdAt),
    // One active backfill per evaluator: a second one is a unique violation, answered 409.
    uniqueIndex("evaluator_backfills_active_idx").on(t.evaluatorId).where(sql`status IN ('queued', 'running')`),
  ],
);

/**
 * One row per (evaluator, session, latest trace) a thread judgement was claimed for. Two overlapping runs of
 * the thread-cooldown job insert the same key; only one insert wins, so a session is judged once per turn.
 */
export const threadClaims = pgTable(
  "thread_claims",
  {
    evaluatorId: text("evaluator_id").notNull(),
    sessionId: text("session_id").notNull(),
    traceId: text("trace_id").notNull(),
    projectId: text("project_id").notNull(),
    claimedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.evaluatorId, t.sessionId, t.traceId] })],
);
