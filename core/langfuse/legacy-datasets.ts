import * as z from "zod";
import * as Datasets from "../datasets";
import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import { datasetView, itemView, LangfuseDataset, LangfuseDatasetItem, LangfuseDatasetRun } from "./datasets";

/*
 * Langfuse's v1 dataset reads (docs/langfuse.md, "Legacy dataset reads"), which older SDKs and scripts call: a dataset
 * carries its items (whole in the read, ids in the list) and its run names. The read pages the same item list as the
 * paged routes; the list reads only the ids and names it answers.
 */

/** Items one legacy answer holds at most; a bigger dataset is read by page from `/api/public/dataset-items`. */
export const LEGACY_ITEM_CAP = 10_000;
const STEP = 1000;

export const LegacyDatasetSummary = LangfuseDataset.extend({ items: z.array(z.string()), runs: z.array(z.string()) });
export const LegacyDataset = LangfuseDataset.extend({ items: z.array(LangfuseDatasetItem), runs: z.array(z.string()) });
/** Langfuse's legacy create answers the dataset with `items` and `runs` always empty, whatever it holds. */
export const LegacyCreatedDataset = LangfuseDataset.extend({
  items: z.array(LangfuseDatasetItem).max(0),
  runs: z.array(LangfuseDatasetRun).max(0),
});

const tooManyItems = (datasetName: string, total: number) =>
  invalid(
    `Dataset '${datasetName}' holds ${total} items; this read answers at most ${LEGACY_ITEM_CAP}: ` +
      `page them with GET /api/public/dataset-items?datasetName=`,
  );

type DatasetRow = Parameters<typeof datasetView>[0];

/** Every item of a dataset in insertion order. @throws invalid_input past LEGACY_ITEM_CAP; not_found for no dataset. */
export async function allItemsOf(deps: Pick<Deps, "db">, projectId: string, datasetName: string) {
  const items: Datasets.ItemRecord[] = [];
  for (let offset = 0; ; offset += STEP) {
    const { rows, total } = await Datasets.listItems(deps, projectId, { datasetName, offset, limit: STEP });
    if (total > LEGACY_ITEM_CAP) throw tooManyItems(datasetName, total);
    items.push(...rows);
    if (rows.length < STEP) return items.map(itemView);
  }
}

/** The names of a dataset's runs, newest first. */
export async function runNamesOf(deps: Pick<Deps, "db">, datasetId: string) {
  return (await Datasets.runNames(deps.db, [datasetId])).get(datasetId) ?? [];
}

/**
 * A page of datasets as the legacy list shows them, each with its item ids and run names: three queries for the page,
 * no item body read. @throws invalid_input when a dataset of the page holds more than LEGACY_ITEM_CAP items.
 */
export async function legacySummaries(
  deps: Pick<Deps, "db">,
  rows: DatasetRow[],
): Promise<z.infer<typeof LegacyDatasetSummary>[]> {
  const ids = rows.map((r) => r.id);
  const counts = await Datasets.itemCounts(deps.db, ids);
  for (const row of rows) {
    const total = counts.get(row.id) ?? 0;
    if (total > LEGACY_ITEM_CAP) throw tooManyItems(row.name, total);
  }
  const [items, runs] = await Promise.all([Datasets.itemIds(deps.db, ids), Datasets.runNames(deps.db, ids)]);
  return rows.map((row) => ({ ...datasetView(row), items: items.get(row.id) ?? [], runs: runs.get(row.id) ?? [] }));
}
