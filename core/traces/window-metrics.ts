import type { Deps } from "../platform/deps";
import { Params } from "../reads";
import { aggregateStatement } from "./metrics";
import { scoresOf } from "./score-analytics";

export interface ObservationWindow {
  from: Date;
  to: Date;
  environment?: string;
  model?: string;
}

export interface WindowMetrics {
  /** Distinct traces with an observation starting in the window (as `GET /v1/metrics` counts them). */
  traces: number;
  costUsd: number;
  /** Share of those traces with an ERROR-level observation in the window; null without traces. */
  errorRate: number | null;
  /** Null when no observation in the window has both a start and an end. */
  latencyP95Ms: number | null;
}

const finite = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : null);

/**
 * The metrics endpoint's aggregate over one window as a whole, with no day grouping (a window may span
 * midnight): what the alert rules measure (docs/automations.md, "Alert rules").
 */
export async function windowMetrics(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  w: ObservationWindow,
): Promise<WindowMetrics> {
  const { sql, params } = aggregateStatement(projectId, { ...w, dims: [], errors: true, narrow: true });
  // Without GROUP BY an aggregate answers one row even over no rows: zeros, and NaN percentiles.
  const [row] = await deps.telemetry.query<Record<string, unknown>>(sql, params);
  const traces = Number(row?.traces ?? 0);
  const latency = (row?.latency as unknown[] | null) ?? [];
  return {
    traces,
    costUsd: Number(row?.cost_usd ?? 0),
    errorRate: traces ? Number(row!.error_traces) / traces : null,
    latencyP95Ms: finite(latency[1]),
  };
}

/**
 * Mean of the scores named `name` whose time is in `[from, to)`, as score analytics computes it: NUMERIC
 * values, BOOLEAN ones as 1/0, categorical ones never; null when there is none.
 */
export async function windowScoreMean(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  w: { name: string; from: Date; to: Date; environment?: string },
): Promise<number | null> {
  const params = new Params({ projectId });
  const scores = scoresOf(params, w.name, {
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    environment: w.environment,
    narrow: true,
  });
  const [row] = await deps.telemetry.query<{ mean: unknown }>(`SELECT avg(v) AS mean FROM (${scores})`, params.values);
  return finite(row?.mean);
}
