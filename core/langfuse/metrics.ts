import * as z from "zod";
import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import * as Traces from "../traces";
import { PageQuery, pageOf } from "./page";

const Iso = z
  .string()
  .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && Number.isFinite(Date.parse(s)), "expected an ISO-8601 date-time");
const Many = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));

/** `GET /api/public/metrics/daily`. */
export const LfDailyMetricsQuery = PageQuery.extend({
  traceName: z.string().optional(),
  userId: z.string().optional(),
  tags: Many.optional(),
  environment: Many.optional(),
  fromTimestamp: Iso.optional(),
  toTimestamp: Iso.optional(),
});
export type LfDailyMetricsQuery = z.infer<typeof LfDailyMetricsQuery>;

const ModelUsage = z.object({
  model: z.string().nullable(),
  inputUsage: z.number(),
  outputUsage: z.number(),
  totalUsage: z.number(),
  countTraces: z.number(),
  countObservations: z.number(),
  totalCost: z.number(),
});
export const LfDailyMetric = z.object({
  date: z.string(),
  countTraces: z.number(),
  countObservations: z.number(),
  totalCost: z.number(),
  usage: z.array(ModelUsage),
});

type Window = { from: Date; to: Date };

/** `[from, to)` of a Langfuse query; without bounds, everything stored until now. @throws invalid_input when empty. */
function windowOf(from: string | undefined, to: string | undefined, now: Date): Window {
  const w = { from: from ? new Date(from) : new Date(0), to: to ? new Date(to) : now };
  if (!(w.from < w.to)) throw invalid("Invalid query: fromTimestamp must be before toTimestamp");
  return w;
}

/** One environment at most: the metrics aggregate filters on one (docs/langfuse.md, "Metrics"). */
function oneEnvironment(values: readonly string[] | undefined, place: string): string | undefined {
  if (values && values.length > 1) throw invalid(`Invalid ${place}: one environment at a time is supported`);
  return values?.[0];
}

const usageOf = (r: Traces.MetricsRow) => ({
  model: r.model ?? null,
  inputUsage: r.inputTokens,
  outputUsage: r.outputTokens,
  totalUsage: r.totalTokens,
  countTraces: r.traces,
  countObservations: r.observations,
  totalCost: r.costUsd,
});

/**
 * `GET /api/public/metrics/daily` onto the aggregate behind `GET /v1/metrics`: per day (newest first) the traces and
 * observations counted on the day their observations started, cost, and usage per model.
 */
export async function dailyMetrics(deps: Pick<Deps, "telemetry" | "clock">, projectId: string, q: LfDailyMetricsQuery) {
  const window = windowOf(q.fromTimestamp, q.toTimestamp, deps.clock.now());
  const where: Traces.MetricsWhere[] = [
    ...(q.traceName !== undefined ? [{ dim: "trace.name" as const, values: [q.traceName] }] : []),
    ...(q.userId !== undefined ? [{ dim: "trace.userId" as const, values: [q.userId] }] : []),
    ...(q.tags ?? []).map((tag) => ({ dim: "trace.tags" as const, values: [tag] })),
  ];
  const options = { ...window, environment: oneEnvironment(q.environment, "query.environment"), where };
  const [days, models] = await Promise.all([
    Traces.aggregateMetrics(deps, projectId, { ...options, dims: ["day"] }),
    Traces.aggregateMetrics(deps, projectId, { ...options, dims: ["day", "model"] }),
  ]);
  const data = days
    .map((d) => ({
      date: d.day,
      countTraces: d.traces,
      countObservations: d.observations,
      totalCost: d.costUsd,
      usage: models.filter((m) => m.day === d.day).map(usageOf),
    }))
    .sort((a, b) => b.date.localeCompare(a.date));
  return pageOf(data, q);
}
