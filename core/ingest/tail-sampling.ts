import type { Deps } from "../platform/deps";
import * as Telemetry from "../telemetry";
import { headKeeper } from "./sampling";
import type { StoredBatch } from "./stored-batch.schema";

type Policy = NonNullable<StoredBatch["sampling"]>;

const costOf = (row: Telemetry.PartialRow) => {
  const cost = row.get<Record<string, number>>("cost_given") ?? row.get<Record<string, number>>("cost_computed") ?? {};
  return cost.total ?? Object.values(cost).reduce((a, b) => a + b, 0);
};

/**
 * Applies a tail rule to the traces of one project that head sampling would drop:
 * such a trace is kept when its events here show an ERROR level or reach the cost
 * threshold, or when an earlier batch already kept it. Returns the ids dropped.
 */
export async function tailSample(
  deps: Pick<Deps, "telemetry">,
  merged: Telemetry.MergedRows,
  projectId: string,
  policy: Policy,
): Promise<Set<string>> {
  const candidates = new Map<string, { error: boolean; cost: number }>();
  const headKept = headKeeper(policy.headRate);
  const note = (traceId: string | null) => {
    if (!traceId || headKept(traceId)) return null;
    let c = candidates.get(traceId);
    if (!c) {
      c = { error: false, cost: 0 };
      candidates.set(traceId, c);
    }
    return c;
  };
  for (const row of merged.traces.values()) if (row.projectId === projectId) note(row.id);
  for (const row of merged.scores.values()) if (row.projectId === projectId) note(row.traceId);
  for (const row of merged.observations.values()) {
    if (row.projectId !== projectId) continue;
    const c = note(row.traceId);
    if (!c) continue;
    if (row.get("level") === "ERROR") c.error = true;
    c.cost += costOf(row);
  }
  const rescued = (c: { error: boolean; cost: number }) =>
    (policy.tail?.keepErrors && c.error) || (policy.tail?.minCostUsd != null && c.cost >= policy.tail.minCostUsd);
  const undecided = [...candidates].filter(([, c]) => !rescued(c)).map(([id]) => id);
  if (undecided.length === 0) return new Set();
  const alreadyKept = await Telemetry.storedTraceIds(deps, projectId, undecided);
  return new Set(undecided.filter((id) => !alreadyKept.has(id)));
}
