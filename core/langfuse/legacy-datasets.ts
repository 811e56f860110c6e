import * as z from "zod";
import * as Datasets from "../datasets";
import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import { itemView, LangfuseDataset, LangfuseDatasetItem } from "./datasets";

/*
 * Langfuse's v1 dataset reads (docs/langfuse.md, "Legacy dataset reads"), which older SDKs and scripts call: a dataset
 * carries its items (whole in the read, ids in the list) and its run names. They are assembled from the same item and
 * run lists as the paged routes, a page at a time.
 */

/** Items one legacy answer holds at most; a bigger dataset is read by page from `/api/public/dataset-items`. */
export const LEGACY_ITEM_CAP = 10_000;
const STEP = 1000;

export const LegacyDatasetSummary = LangfuseDataset.extend({ items: z.array(z.string()), runs: z.array(z.string()) });
export const LegacyDataset = LangfuseDataset.extend({ items: z.array(LangfuseDatasetItem), runs: z.array(z.string()) });

/** Every item of a dataset in insertion order. @throws invalid_input past LEGACY_ITEM_CAP; not_found for no dataset. */
export async function allItemsOf(deps: Pick<Deps, "db">, projectId: string, datasetName: string) {
  const items: Datasets.ItemRecord[] = [];
  for (let offset = 0; ; offset += STEP) {
    const { rows, total } = await Datasets.listItems(deps, projectId, { datasetName, offset, limit: STEP });
    if (total > LEGACY_ITEM_CAP)
      throw invalid(
        `Dataset '${datasetName}' holds ${total} items; this read answers at most ${LEGACY_ITEM_CAP}: ` +
          `page them with GET /api/public/dataset-items?datasetName=`,
      );
    items.push(...rows);
    if (rows.length < STEP) return items.map(itemView);
  }
}

/** The names of a dataset's runs, newest first. @throws not_found for no dataset. */
export async function runNamesOf(deps: Pick<Deps, "db">, projectId: string, datasetName: string) {
  const names: string[] = [];
  for (let offset = 0; ; offset += STEP) {
    const { rows } = await Datasets.listRuns(deps, projectId, datasetName, { offset, limit: STEP });
    names.push(...rows.map((r) => r.name));
    if (rows.length < STEP) return names;
  }
}
