import type { Deps } from "../platform/deps";
import * as Scores from "../scores";
import * as Traces from "../traces";
import type { AlertRow } from "./rules";

type Rule = Pick<AlertRow, "id" | "metric" | "scoreName" | "environment" | "model" | "windowMinutes">;

const MINUTE_MS = 60_000;

/** Rules that read the same statement: one window and the same filters. */
function groupBy<T>(rules: readonly T[], key: (rule: T) => unknown[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const rule of rules) {
    const k = JSON.stringify(key(rule));
    const group = groups.get(k);
    if (group) group.push(rule);
    else groups.set(k, [rule]);
  }
  return [...groups.values()];
}

/**
 * The value of each rule of one project over its window `[now − windowMinutes, now)` (docs/automations.md,
 * "Alert rules"): one telemetry statement per distinct window and filters, so rules that differ only in
 * metric, operator or threshold share it. Null when the window holds nothing to measure.
 */
export async function measureRules(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  rules: readonly Rule[],
  now: Date,
): Promise<Map<string, number | null>> {
  const values = new Map<string, number | null>();
  const from = (rule: Rule) => new Date(now.getTime() - rule.windowMinutes * MINUTE_MS);
  const optional = (value: string | null) => value ?? undefined;
  const observationRules = rules.filter((r) => r.metric !== "scoreMean");
  for (const group of groupBy(observationRules, (r) => [r.windowMinutes, r.environment, r.model])) {
    const first = group[0]!;
    const m = await Traces.windowMetrics(deps, projectId, {
      from: from(first),
      to: now,
      environment: optional(first.environment),
      model: optional(first.model),
    });
    for (const rule of group) values.set(rule.id, m[rule.metric as Exclude<Rule["metric"], "scoreMean">]);
  }
  const scoreRules = rules.filter((r) => r.metric === "scoreMean" && r.scoreName !== null);
  for (const group of groupBy(scoreRules, (r) => [r.windowMinutes, r.environment, r.scoreName])) {
    const first = group[0]!;
    const mean = await Scores.windowScoreMean(deps, projectId, {
      name: first.scoreName!,
      from: from(first),
      to: now,
      environment: optional(first.environment),
    });
    for (const rule of group) values.set(rule.id, mean);
  }
  return values;
}
