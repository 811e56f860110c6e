import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../platform/db";
import { datasetItems, datasetRunItems, datasetRuns, datasets } from "./datasets.sql";
import { decodeJson, itemColumns } from "./get-dataset";

export interface ItemData {
  input: unknown;
  expectedOutput: unknown;
  metadata: unknown;
}

/** The data of a run's items (what an experiment binds to `dataset.*`), for the project's run only. */
export async function runItemData(
  db: Db,
  projectId: string,
  runId: string,
  itemIds: readonly string[],
): Promise<Map<string, ItemData>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: itemColumns.id,
      input: itemColumns.input,
      expectedOutput: itemColumns.expectedOutput,
      metadata: itemColumns.metadata,
    })
    .from(datasetItems)
    .innerJoin(datasetRuns, eq(datasetRuns.datasetId, datasetItems.datasetId))
    .innerJoin(datasets, eq(datasets.id, datasetRuns.datasetId))
    .where(
      and(
        eq(datasetRuns.id, runId),
        eq(datasets.projectId, projectId),
        inArray(datasetItems.id, [...new Set(itemIds)]),
      ),
    );
  return new Map(
    rows.map((r) => [
      r.id,
      { input: decodeJson(r.input), expectedOutput: decodeJson(r.expectedOutput), metadata: r.metadata ?? null },
    ]),
  );
}

/** A run's item-to-trace links. */
export async function runLinks(
  db: Db,
  runId: string,
): Promise<{ datasetItemId: string; traceId: string; observationId: string | null }[]> {
  return db
    .select({
      datasetItemId: datasetRunItems.datasetItemId,
      traceId: datasetRunItems.traceId,
      observationId: datasetRunItems.observationId,
    })
    .from(datasetRunItems)
    .where(eq(datasetRunItems.runId, runId));
}
