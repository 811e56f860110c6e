import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, jsonb, tsz } from "../platform/columns";

/**
 * Score configs (docs/scores.md): the type, range or labels every new score of a name must fit, on every path
 * that writes scores. At most one non-archived config per name; archived ones stay for the scores that cite them.
 */
export const scoreConfigs = pgTable(
  "score_configs",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    name: text("name").notNull(),
    dataType: text("data_type", { enum: ["NUMERIC", "CATEGORICAL", "BOOLEAN"] }).notNull(),
    min: doublePrecision("min"),
    max: doublePrecision("max"),
    /** CATEGORICAL: the allowed labels, in order. */
    categories: jsonb("categories").notNull(),
    description: text("description"),
    archived: boolean("archived").notNull(),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [
    index("score_configs_project_idx").on(t.projectId, t.name),
    uniqueIndex("score_configs_active_name_idx").on(t.projectId, t.name).where(sql`NOT archived`),
  ],
);
