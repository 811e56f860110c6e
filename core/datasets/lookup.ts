import { and, eq } from "drizzle-orm";
import type { Db } from "../platform/db";
import { AppError, notFound } from "../platform/errors";
import { datasetRuns, datasets } from "./datasets.sql";

export type DatasetRow = typeof datasets.$inferSelect;
export type RunRow = typeof datasetRuns.$inferSelect;

/** The project's dataset of that name. @throws not_found (also for another project's dataset). */
export async function findDataset(db: Db, projectId: string, name: string): Promise<DatasetRow> {
  const [row] = await db
    .select()
    .from(datasets)
    .where(and(eq(datasets.projectId, projectId), eq(datasets.name, name)));
  if (!row) throw notFound("dataset", name);
  return row;
}

/** The dataset's run of that name. @throws not_found */
export async function findRun(db: Db, dataset: DatasetRow, runName: string): Promise<RunRow> {
  const [row] = await db
    .select()
    .from(datasetRuns)
    .where(and(eq(datasetRuns.datasetId, dataset.id), eq(datasetRuns.name, runName)));
  if (!row) throw new AppError("not_found", `run '${runName}' of dataset '${dataset.name}' not found`);
  return row;
}
