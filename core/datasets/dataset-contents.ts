import { asc, count, desc, inArray } from "drizzle-orm";
import type { Db } from "../platform/db";
import { datasetItems, datasetRuns } from "./datasets.sql";

/*
 * What some datasets hold, by name only: item ids and run names, without reading an item's body. Langfuse's v1 dataset
 * list answers just these (docs/langfuse.md, "Legacy dataset reads"), for a page of datasets in one query each.
 */

/** How many items each dataset holds (datasets without items are absent). */
export async function itemCounts(db: Db, datasetIds: string[]): Promise<Map<string, number>> {
  if (datasetIds.length === 0) return new Map();
  const rows = await db
    .select({ datasetId: datasetItems.datasetId, n: count() })
    .from(datasetItems)
    .where(inArray(datasetItems.datasetId, datasetIds))
    .groupBy(datasetItems.datasetId);
  return new Map(rows.map((r) => [r.datasetId, Number(r.n)]));
}

/** Each dataset's item ids in insertion order. */
export async function itemIds(db: Db, datasetIds: string[]): Promise<Map<string, string[]>> {
  const byDataset = new Map<string, string[]>(datasetIds.map((id) => [id, []]));
  if (datasetIds.length === 0) return byDataset;
  const rows = await db
    .select({ datasetId: datasetItems.datasetId, id: datasetItems.id })
    .from(datasetItems)
    .where(inArray(datasetItems.datasetId, datasetIds))
    .orderBy(asc(datasetItems.datasetId), asc(datasetItems.seq));
  for (const r of rows) byDataset.get(r.datasetId)?.push(r.id);
  return byDataset;
}

/** Each dataset's run names, newest first (the order of the run lists). */
export async function runNames(db: Db, datasetIds: string[]): Promise<Map<string, string[]>> {
  const byDataset = new Map<string, string[]>(datasetIds.map((id) => [id, []]));
  if (datasetIds.length === 0) return byDataset;
  const rows = await db
    .select({ datasetId: datasetRuns.datasetId, name: datasetRuns.name })
    .from(datasetRuns)
    .where(inArray(datasetRuns.datasetId, datasetIds))
    .orderBy(asc(datasetRuns.datasetId), desc(datasetRuns.createdAt), asc(datasetRuns.id));
  for (const r of rows) byDataset.get(r.datasetId)?.push(r.name);
  return byDataset;
}
