import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, jsonb, tsz } from "../platform/columns";

/** A named evaluator of a project; its definition lives in immutable versions. */
export const evaluators = pgTable(
  "evaluators",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    name: text("name").notNull(),
    /** Copied from the newest version, so lists and the online worker need no join. */
    latestVersion: integer("latest_version").notNull(),
    kind: text("kind", { enum: ["JUDGE", "CODE"] }).notNull(),
    online: boolean("online").notNull(),
    scope: text("scope", { enum: ["trace", "thread", "observation"] }).notNull(),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("evaluators_project_name_idx").on(t.projectId, t.name),
    index("evaluators_online_idx").on(t.projectId, t.online),
  ],
);

/** Immutable: every save inserts the next version. `definition` holds every field of the definition (docs/evaluators.md, "Definitions") but the name. */
export const evaluatorVersions = pgTable(
  "evaluator_versions",
  {
    id: text("id").primaryKey(),
    evaluatorId: text("evaluator_id")
      .notNull()
      .references(() => evaluators.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    definition: jsonb("definition").notNull(),
    /** The API key that saved the version. */
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("evaluator_versions_evaluator_version_idx").on(t.evaluatorId, t.version)],
);

/** Per-project judge credentials; the API key is sealed with the key ring and never read back out. */
export const providerCredentials = pgTable(
  "provider_credentials",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    provider: text("provider", { enum: ["openai", "anthropic", "openai-compatible"] }).notNull(),
    /** `v1:<keyId>:<iv>:<ciphertext>` (core/platform/keyring.ts). */
    apiKeySealed: text("api_key_sealed").notNull(),
    baseUrl: text("base_url"),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [uniqueIndex("provider_credentials_project_provider_idx").on(t.projectId, t.provider)],
);

/**
 * One evaluation and how it ended (docs/evaluators.md, "Execution log"): completed with its score, failed
 * with the reason, or skipped (the evaluator or the trace went away). Written by every trigger.
 */
export const evaluatorExecutions = pgTable(
  "evaluator_executions",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    evaluatorId: text("evaluator_id").notNull(),
    trigger: text("trigger", { enum: ["online", "thread", "backfill", "experiment", "manual", "guardrail"] }).notNull(),
    traceId: text("trace_id").notNull(),
    observationId: text("observation_id"),
    sessionId: text("session_id"),
    status: text("status", { enum: ["completed", "failed", "skipped"] }).notNull(),
    scoreId: text("score_id"),
    error: text("error"),
    startedAt: tsz("started_at").notNull(),
    finishedAt: tsz("finished_at").notNull(),
  },
  (t) => [index("evaluator_executions_list_idx").on(t.projectId, t.evaluatorId, t.startedAt, t.id)],
);
