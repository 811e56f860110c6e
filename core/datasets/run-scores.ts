import type { Deps } from "../platform/deps";
import * as Scores from "../scores";
import type { ScoreMean } from "./datasets.schema";

export interface RunScores {
  /** Per trace id, per score name: the mean of that trace's numeric values. */
  perTrace: Map<string, Record<string, number>>;
  /** Per score name over the given traces: mean of every numeric value, and how many. */
  means(traceIds: readonly string[]): ScoreMean[];
}

/**
 * Numeric score values on a set of traces, read in one pass over the telemetry store (any level:
 * trace and observation scores alike). Categorical scores carry no value and never enter a mean.
 */
export async function runScores(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  traceIds: readonly string[],
): Promise<RunScores> {
  const totals = traceIds.length ? await Scores.scoreTotalsByTrace(deps, projectId, traceIds) : [];
  const byTrace = new Map<string, Map<string, { sum: number; count: number }>>();
  for (const t of totals) {
    const names = byTrace.get(t.traceId) ?? new Map<string, { sum: number; count: number }>();
    names.set(t.name, { sum: t.sum, count: t.count });
    byTrace.set(t.traceId, names);
  }
  const perTrace = new Map(
    [...byTrace].map(([traceId, names]) => [
      traceId,
      Object.fromEntries([...names].map(([n, v]) => [n, v.sum / v.count])),
    ]),
  );
  return {
    perTrace,
    means(ids) {
      const acc = new Map<string, { sum: number; count: number }>();
      for (const id of new Set(ids)) {
        for (const [n, v] of byTrace.get(id) ?? []) {
          const a = acc.get(n) ?? { sum: 0, count: 0 };
          acc.set(n, { sum: a.sum + v.sum, count: a.count + v.count });
        }
      }
      return [...acc]
        .map(([name, a]) => ({ name, mean: a.sum / a.count, count: a.count }))
        .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
    },
  };
}
