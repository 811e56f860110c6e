import { asc, eq } from "drizzle-orm";
import type { Db } from "../platform/db";
import { datasetItems, datasetRuns } from "./datasets.sql";

/** The dataset's item ids in insertion order, with their order number (what an experiment run by Sightline takes). */
export async function itemOrder(db: Db, datasetId: string): Promise<{ id: string; seq: number }[]> {
  return db
    .select({ id: datasetItems.id, seq: datasetItems.seq })
    .from(datasetItems)
    .where(eq(datasetItems.datasetId, datasetId))
    .orderBy(asc(datasetItems.seq));
}

/**
 * Inserts an empty run in the caller's transaction (an experiment run by Sightline, docs/experiments.md).
 * @throws the unique violation `dataset_runs_dataset_name_idx` when the name is taken.
 */
export async function insertRun(
  db: Db,
  run: {
    id: string;
    datasetId: string;
    name: string;
    version: string | null;
    metadata: Record<string, unknown> | null;
    now: Date;
  },
): Promise<void> {
  await db.insert(datasetRuns).values({
    id: run.id,
    datasetId: run.datasetId,
    name: run.name,
    version: run.version,
    metadata: run.metadata,
    remote: false,
    createdAt: run.now,
    updatedAt: run.now,
  });
}
