import { and, asc, count, desc, eq } from "drizzle-orm";
import * as Audit from "../audit";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { datasetRunItems, datasetRuns, datasets } from "./datasets.sql";
import { type DatasetRow, findDataset, findRun, type RunRow } from "./lookup";

/** A run with its dataset, as the run endpoints of Langfuse's API show one (docs/langfuse.md, "Dataset runs"). */
export interface RunRecord {
  id: string;
  name: string;
  description: string | null;
  metadata: unknown;
  datasetId: string;
  datasetName: string;
  createdAt: string;
  updatedAt: string;
}

/** One item's trace within a run. Its id is the run's id and the item's, the pair that identifies it here. */
export interface RunItemRecord {
  id: string;
  datasetRunId: string;
  datasetRunName: string;
  datasetItemId: string;
  traceId: string;
  observationId: string | null;
  createdAt: string;
  updatedAt: string;
}

const toRun = (run: RunRow, dataset: DatasetRow): RunRecord => ({
  id: run.id,
  name: run.name,
  description: run.description,
  metadata: run.metadata,
  datasetId: dataset.id,
  datasetName: dataset.name,
  createdAt: run.createdAt.toISOString(),
  updatedAt: run.updatedAt.toISOString(),
});

export const runItemId = (runId: string, datasetItemId: string) => `${runId}:${datasetItemId}`;

const toRunItem = (run: RunRow, l: typeof datasetRunItems.$inferSelect): RunItemRecord => ({
  id: runItemId(run.id, l.datasetItemId),
  datasetRunId: run.id,
  datasetRunName: run.name,
  datasetItemId: l.datasetItemId,
  traceId: l.traceId,
  observationId: l.observationId,
  createdAt: l.createdAt.toISOString(),
  updatedAt: l.updatedAt.toISOString(),
});

/** A page of the dataset's runs, newest first. @throws not_found for an unknown dataset. */
export async function listRuns(
  deps: Pick<Deps, "db">,
  projectId: string,
  datasetName: string,
  page: { offset: number; limit: number },
): Promise<{ rows: RunRecord[]; total: number }> {
  const dataset = await findDataset(deps.db, projectId, datasetName);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(datasetRuns)
      .where(eq(datasetRuns.datasetId, dataset.id))
      .orderBy(desc(datasetRuns.createdAt), asc(datasetRuns.id))
      .limit(page.limit)
      .offset(page.offset),
    deps.db.select({ n: count() }).from(datasetRuns).where(eq(datasetRuns.datasetId, dataset.id)),
  ]);
  return { rows: rows.map((r) => toRun(r, dataset)), total: Number(total?.n ?? 0) };
}

async function runItems(db: Db, run: RunRow, page?: { offset: number; limit: number }) {
  const query = db
    .select()
    .from(datasetRunItems)
    .where(eq(datasetRunItems.runId, run.id))
    .orderBy(asc(datasetRunItems.createdAt), asc(datasetRunItems.datasetItemId));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map((l) => toRunItem(run, l));
}

/** A run with every run item. @throws not_found for an unknown dataset or run. */
export async function getRunRecord(
  deps: Pick<Deps, "db">,
  projectId: string,
  datasetName: string,
  runName: string,
): Promise<RunRecord & { items: RunItemRecord[] }> {
  const dataset = await findDataset(deps.db, projectId, datasetName);
  const run = await findRun(deps.db, dataset, runName);
  return { ...toRun(run, dataset), items: await runItems(deps.db, run) };
}

/**
 * A page of a run's items; the dataset is named by its id (as Langfuse's run-item list does).
 * @throws not_found for an unknown dataset or run.
 */
export async function listRunItems(
  deps: Pick<Deps, "db">,
  projectId: string,
  query: { datasetId: string; runName: string; offset: number; limit: number },
): Promise<{ rows: RunItemRecord[]; total: number }> {
  const [dataset] = await deps.db
    .select()
    .from(datasets)
    .where(and(eq(datasets.projectId, projectId), eq(datasets.id, query.datasetId)));
  if (!dataset) throw notFound("dataset", query.datasetId);
  const run = await findRun(deps.db, dataset, query.runName);
  const [rows, [total]] = await Promise.all([
    runItems(deps.db, run, query),
    deps.db.select({ n: count() }).from(datasetRunItems).where(eq(datasetRunItems.runId, run.id)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Deletes a run and its run items (their traces and scores stay); records `dataset.run_deleted`. Experiments.deleteRun
 * guards runs Sightline is executing.
 * @throws not_found for an unknown dataset or run.
 */
export async function deleteRun(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  datasetName: string,
  runName: string,
): Promise<void> {
  await deps.db.transaction(async (db) => {
    const dataset = await findDataset(db, principal.projectId, datasetName);
    const run = await findRun(db, dataset, runName);
    await db.delete(datasetRuns).where(eq(datasetRuns.id, run.id));
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "dataset.run_deleted",
      target: { type: "dataset", id: dataset.id },
      details: { name: dataset.name, runName, runId: run.id },
    });
  });
}
