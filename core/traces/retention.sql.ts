import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { tsz } from "../platform/columns";

/** Per-project retention of telemetry: rows and blobs older than `max_age_days` go; 0 keeps forever. */
export const retentionPolicies = pgTable("retention_policies", {
  projectId: text("project_id").primaryKey(),
  maxAgeDays: integer("max_age_days").notNull(),
  updatedAt: tsz("updated_at").notNull(),
  /** When the policy last ran (API or the daily job), for the answer of GET /v1/retention. */
  lastAppliedAt: tsz("last_applied_at"),
});
