import { and, asc, eq } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { alertRules, alertTransitions } from "./alerts.sql";
import { measureRules } from "./measure";
import type { AlertRow } from "./rules";

type Checker = Pick<Deps, "db" | "telemetry" | "clock" | "ids" | "log">;

export interface CheckResult {
  rules: number;
  firing: number;
  resolved: number;
  /** Rules of projects whose measurement failed this run; they are checked again on the next. */
  failed: number;
}

/** The state a value puts a rule in; an empty window (null) decides nothing. */
function nextState(rule: AlertRow, value: number | null): AlertRow["state"] {
  if (value === null) return rule.state;
  return (rule.operator === ">" ? value > rule.threshold : value < rule.threshold) ? "firing" : "ok";
}

/**
 * Records one check of a rule: its value and time, and on a change of state the transition and its
 * `alert.firing` / `alert.resolved` event, in one transaction. The update only applies while the rule
 * still has the state and definition this check read, so of two overlapping runs one records a
 * transition and the other nothing, and a check of an old definition never lands after an update.
 */
async function record(
  deps: Checker,
  rule: AlertRow,
  value: number | null,
  now: Date,
): Promise<"firing" | "resolved" | null> {
  const state = nextState(rule, value);
  return deps.db.transaction(async (db) => {
    const [updated] = await db
      .update(alertRules)
      .set({ state, lastValue: value, lastCheckedAt: now })
      .where(
        and(
          eq(alertRules.id, rule.id),
          eq(alertRules.projectId, rule.projectId),
          eq(alertRules.state, rule.state),
          eq(alertRules.updatedAt, rule.updatedAt),
        ),
      )
      .returning({ id: alertRules.id });
    if (!updated || state === rule.state) return null;
    const transition = state === "firing" ? "firing" : "resolved";
    await db.insert(alertTransitions).values({
      id: deps.ids.uuid(),
      alertId: rule.id,
      projectId: rule.projectId,
      state: transition,
      value,
      threshold: rule.threshold,
      createdAt: now,
    });
    await Audit.appendEvents({ ...deps, db }, rule.projectId, [
      {
        type: `alert.${transition}`,
        payload: { alert: rule.name, alertId: rule.id, state: transition, value, threshold: rule.threshold },
      },
    ]);
    return transition;
  });
}

/**
 * The minute job (docs/automations.md, "Alert rules"): measures every rule of every project over its
 * window ending now and records the check. A project whose measurement fails is logged and skipped, so
 * it never holds back the others.
 */
export async function checkAlerts(deps: Checker): Promise<CheckResult> {
  const now = deps.clock.now();
  const rules = await deps.db.select().from(alertRules).orderBy(asc(alertRules.projectId), asc(alertRules.id));
  const byProject = new Map<string, AlertRow[]>();
  for (const rule of rules) {
    const list = byProject.get(rule.projectId);
    if (list) list.push(rule);
    else byProject.set(rule.projectId, [rule]);
  }
  const result: CheckResult = { rules: rules.length, firing: 0, resolved: 0, failed: 0 };
  for (const [projectId, projectRules] of byProject) {
    let values: Map<string, number | null>;
    try {
      values = await measureRules(deps, projectId, projectRules, now);
    } catch (error) {
      deps.log.warn("alert rules not measured", {
        projectId,
        rules: projectRules.length,
        error: error instanceof Error ? error.message : String(error),
      });
      result.failed += projectRules.length;
      continue;
    }
    for (const rule of projectRules) {
      const transition = await record(deps, rule, values.get(rule.id) ?? null, now);
      if (transition) result[transition]++;
    }
  }
  return result;
}
