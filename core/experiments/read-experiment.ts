import { and, asc, eq, sql } from "drizzle-orm";
import * as Datasets from "../datasets";
import type { Deps } from "../platform/deps";
import type { ExperimentProgress, ExperimentRunDetail } from "./experiments.schema";
import { experimentItems, experimentRuns } from "./experiments.sql";

export type ExperimentRunRow = typeof experimentRuns.$inferSelect;
const FAILURES_SHOWN = 100;

/** Nearest-rank percentile of sorted values; null for none. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Where an experiment stands, read from its items: counts, the failed ones with their reasons, cost and latency so far. */
export async function progressOf(deps: Pick<Deps, "db">, run: ExperimentRunRow): Promise<ExperimentProgress> {
  const counts = await deps.db
    .select({
      status: experimentItems.status,
      n: sql<number>`count(*)::int`,
      cost: sql<number>`coalesce(sum(${experimentItems.costUsd}), 0)::float8`,
    })
    .from(experimentItems)
    .where(eq(experimentItems.runId, run.runId))
    .groupBy(experimentItems.status);
  const latencies = await deps.db
    .select({ ms: experimentItems.latencyMs })
    .from(experimentItems)
    .where(and(eq(experimentItems.runId, run.runId), eq(experimentItems.status, "done")))
    .orderBy(asc(experimentItems.latencyMs));
  const failures = await deps.db
    .select({ datasetItemId: experimentItems.datasetItemId, error: experimentItems.error })
    .from(experimentItems)
    .where(and(eq(experimentItems.runId, run.runId), eq(experimentItems.status, "failed")))
    .orderBy(asc(experimentItems.seq))
    .limit(FAILURES_SHOWN);
  const count = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  const ms = latencies.map((l) => l.ms).filter((v): v is number => v !== null);
  const cost = counts.reduce((sum, c) => sum + Number(c.cost), 0);
  return {
    status: run.status,
    prompt: { name: run.promptName, version: run.promptVersion, label: run.promptLabel },
    provider: run.provider,
    model: run.model,
    parameters: run.parameters as Record<string, unknown>,
    mapping: run.mapping as Record<string, string>,
    evaluators: run.evaluators as string[],
    concurrency: run.concurrency,
    total: run.total,
    done: count("done"),
    failed: count("failed"),
    pending: count("pending") + count("running"),
    cancelled: count("cancelled"),
    failures: failures.map((f) => ({ datasetItemId: f.datasetItemId, error: f.error ?? "" })),
    costUsd: Math.round(cost * 1e9) / 1e9,
    latencyMs: { p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99) },
    error: run.error,
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

export async function experimentRunOf(
  deps: Pick<Deps, "db">,
  projectId: string,
  runId: string,
): Promise<ExperimentRunRow | null> {
  const [row] = await deps.db
    .select()
    .from(experimentRuns)
    .where(and(eq(experimentRuns.runId, runId), eq(experimentRuns.projectId, projectId)));
  return row ?? null;
}

/**
 * A run (Datasets.getRun) with, for an experiment run by Sightline, its progress (docs/experiments.md, "Progress").
 * @throws not_found for an unknown dataset or run.
 */
export async function getExperimentRun(
  deps: Pick<Deps, "db" | "telemetry">,
  projectId: string,
  datasetName: string,
  runName: string,
): Promise<ExperimentRunDetail> {
  const detail = await Datasets.getRun(deps, projectId, datasetName, runName);
  const dataset = await Datasets.findDataset(deps.db, projectId, datasetName);
  const run = await Datasets.findRun(deps.db, dataset, runName);
  const experiment = await experimentRunOf(deps, projectId, run.id);
  return experiment ? { ...detail, experiment: await progressOf(deps, experiment) } : detail;
}
