import { doublePrecision, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tsz } from "../platform/columns";

/** An alert rule over a metric of the project (docs/automations.md, "Alert rules"). */
export const alertRules = pgTable(
  "alert_rules",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    name: text("name").notNull(),
    metric: text("metric", { enum: ["costUsd", "traces", "errorRate", "latencyP95Ms", "scoreMean"] }).notNull(),
    scoreName: text("score_name"),
    environment: text("environment"),
    model: text("model"),
    windowMinutes: integer("window_minutes").notNull(),
    operator: text("operator", { enum: [">", "<"] }).notNull(),
    threshold: doublePrecision("threshold").notNull(),
    state: text("state", { enum: ["ok", "firing"] }).notNull(),
    lastValue: doublePrecision("last_value"),
    lastCheckedAt: tsz("last_checked_at"),
    createdAt: createdAt(),
    updatedAt: tsz("updated_at").notNull(),
  },
  (t) => [uniqueIndex("alert_rules_project_name_idx").on(t.projectId, t.name)],
);

/** Each transition of a rule: firing, then resolved. */
export const alertTransitions = pgTable(
  "alert_transitions",
  {
    id: text("id").primaryKey(),
    alertId: text("alert_id")
      .notNull()
      .references(() => alertRules.id, { onDelete: "cascade" }),
    projectId: text("project_id").notNull(),
    state: text("state", { enum: ["firing", "resolved"] }).notNull(),
    value: doublePrecision("value"),
    threshold: doublePrecision("threshold").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("alert_transitions_alert_idx").on(t.alertId, t.createdAt)],
);
