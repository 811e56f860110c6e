import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, jsonb, tsz } from "../platform/columns";

/** Project custom model prices; they win over the built-in registry. */
export const modelPrices = pgTable(
  "model_prices",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    modelName: text("model_name").notNull(),
    /** Regular expression matched against the observation's model name. */
    matchPattern: text("match_pattern").notNull(),
    /** USD per unit, keyed by usage key (input, output, input_cache_read, …). */
    prices: jsonb("prices").notNull(),
    unit: text("unit").notNull(),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [uniqueIndex("model_prices_name_idx").on(t.projectId, t.modelName)],
);
