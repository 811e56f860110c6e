import type { Deps } from "../platform/deps";
import { aggregateStatement } from "./metrics";

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
