import { and, asc, desc, eq } from "drizzle-orm";
import * as Audit from "../audit";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { conflict, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { type AlertDetail, type AlertRuleInput, type AlertView, HISTORY_LIMIT } from "./alerts.schema";
import { alertRules, alertTransitions } from "./alerts.sql";

export type AlertRow = typeof alertRules.$inferSelect;
type Writer = Pick<Deps, "db" | "clock" | "ids">;

const NAME_INDEX = "alert_rules_project_name_idx";

const view = (r: AlertRow): AlertView => ({
  id: r.id,
  name: r.name,
  metric: r.metric,
  scoreName: r.scoreName,
  environment: r.environment,
  model: r.model,
  windowMinutes: r.windowMinutes,
  operator: r.operator,
  threshold: r.threshold,
  state: r.state,
  lastValue: r.lastValue,
  lastCheckedAt: r.lastCheckedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** What a rule measures, as stored: absent filters are NULL. */
const definition = (input: AlertRuleInput) => ({
  name: input.name,
  metric: input.metric,
  scoreName: input.scoreName ?? null,
  environment: input.environment ?? null,
  model: input.model ?? null,
  windowMinutes: input.windowMinutes,
  operator: input.operator,
  threshold: input.threshold,
});

const taken = (name: string) => conflict(`Alert rule '${name}' exists`);

/** A new rule starts ok and is checked within a minute. @throws conflict when the name is taken. */
export async function createAlert(deps: Writer, principal: Principal, input: AlertRuleInput): Promise<AlertView> {
  const now = deps.clock.now();
  const row: AlertRow = {
    id: deps.ids.uuid(),
    projectId: principal.projectId,
    ...definition(input),
    state: "ok",
    lastValue: null,
    lastCheckedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await deps.db.transaction(async (db) => {
      await db.insert(alertRules).values(row);
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "alert_rule.created",
        target: { type: "alert_rule", id: row.id },
        details: definition(input),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw taken(input.name);
    throw error;
  }
  return view(row);
}

/** The project's rules by name, each with its state and last value. */
export async function listAlerts(deps: Pick<Deps, "db">, projectId: string): Promise<{ data: AlertView[] }> {
  const rows = await deps.db
    .select()
    .from(alertRules)
    .where(eq(alertRules.projectId, projectId))
    .orderBy(asc(alertRules.name));
  return { data: rows.map(view) };
}

/** A rule with its transitions, newest first. @throws not_found */
export async function getAlert(deps: Pick<Deps, "db">, projectId: string, id: string): Promise<AlertDetail> {
  const [row] = await deps.db
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.projectId, projectId), eq(alertRules.id, id)));
  if (!row) throw notFound("alert rule", id);
  const history = await deps.db
    .select()
    .from(alertTransitions)
    .where(and(eq(alertTransitions.projectId, projectId), eq(alertTransitions.alertId, id)))
    .orderBy(desc(alertTransitions.createdAt), desc(alertTransitions.id))
    .limit(HISTORY_LIMIT);
  return {
    ...view(row),
    history: history.map((t) => ({
      id: t.id,
      state: t.state,
      value: t.value,
      threshold: t.threshold,
      createdAt: t.createdAt.toISOString(),
    })),
  };
}

/**
 * Replaces a rule's definition. Its state stays: the next check measures the new definition, and a firing
 * rule that no longer crosses its threshold resolves then (docs/automations.md, "Alert rules").
 * @throws not_found; conflict when the new name is taken.
 */
export async function updateAlert(
  deps: Writer,
  principal: Principal,
  id: string,
  input: AlertRuleInput,
): Promise<AlertView> {
  try {
    return await deps.db.transaction(async (db) => {
      const [row] = await db
        .update(alertRules)
        .set({ ...definition(input), updatedAt: deps.clock.now() })
        .where(and(eq(alertRules.projectId, principal.projectId), eq(alertRules.id, id)))
        .returning();
      if (!row) throw notFound("alert rule", id);
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "alert_rule.updated",
        target: { type: "alert_rule", id },
        details: definition(input),
      });
      return view(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw taken(input.name);
    throw error;
  }
}

/** Deletes a rule with its history; no alert event follows (docs/automations.md, "Alert rules"). @throws not_found */
export async function deleteAlert(
  deps: Writer,
  principal: Principal,
  id: string,
): Promise<{ id: string; name: string; deleted: true }> {
  return deps.db.transaction(async (db) => {
    // Transitions go with the rule (ON DELETE CASCADE).
    const [row] = await db
      .delete(alertRules)
      .where(and(eq(alertRules.projectId, principal.projectId), eq(alertRules.id, id)))
      .returning({ id: alertRules.id, name: alertRules.name, state: alertRules.state });
    if (!row) throw notFound("alert rule", id);
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "alert_rule.deleted",
      target: { type: "alert_rule", id },
      details: { name: row.name, state: row.state },
    });
    return { id: row.id, name: row.name, deleted: true as const };
  });
}
