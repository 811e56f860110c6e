import type { Deps } from "../platform/deps";
import type { GateResult } from "./datasets.schema";
import { getRun } from "./get-run";

/**
 * Checks a run against minimum score means for the CI gate (docs/datasets.md, "Runs and scores"): each threshold
 * passes when the run's mean of that score is at least the threshold; a score with no numeric value
 * on the run fails. The gate passes when every threshold does. @throws not_found
 */
export async function gateRun(
  deps: Pick<Deps, "db" | "telemetry">,
  projectId: string,
  name: string,
  runName: string,
  thresholds: Record<string, number>,
): Promise<GateResult> {
  const run = await getRun(deps, projectId, name, runName);
  const means = new Map(run.scores.map((s) => [s.name, s]));
  const results = Object.entries(thresholds).map(([scoreName, threshold]) => {
    const s = means.get(scoreName);
    const mean = s?.mean ?? null;
    return { scoreName, mean, threshold, count: s?.count ?? 0, passed: mean !== null && mean >= threshold };
  });
  return { passed: results.every((r) => r.passed), results };
}
