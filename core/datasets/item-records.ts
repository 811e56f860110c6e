import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { AppError } from "../platform/errors";
import { datasetItems, datasets } from "./datasets.sql";
import { decodeJson, itemColumns } from "./get-dataset";
import { findDataset } from "./lookup";

export const ITEM_STATUSES = ["ACTIVE", "ARCHIVED"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** An item with its dataset and status: how the item endpoints of Langfuse's API show one (docs/langfuse.md). */
export interface ItemRecord {
  id: string;
  datasetId: string;
  datasetName: string;
  status: ItemStatus;
  input: unknown;
  expectedOutput: unknown;
  metadata: unknown;
  sourceTraceId: string | null;
  sourceObservationId: string | null;
  createdAt: string;
  updatedAt: string;
}

const recordColumns = {
  ...itemColumns,
  datasetId: datasetItems.datasetId,
  datasetName: datasets.name,
  status: datasetItems.status,
  updatedAt: datasetItems.updatedAt,
};
type RecordRow = {
  id: string;
  input: string;
  expectedOutput: string | null;
  metadata: unknown;
  sourceTraceId: string | null;
  sourceObservationId: string | null;
  createdAt: Date;
  datasetId: string;
  datasetName: string;
  status: string;
  updatedAt: Date;
};

const toRecord = (r: RecordRow): ItemRecord => ({
  id: r.id,
  datasetId: r.datasetId,
  datasetName: r.datasetName,
  status: r.status as ItemStatus,
  input: decodeJson(r.input),
  expectedOutput: decodeJson(r.expectedOutput),
  metadata: r.metadata,
  sourceTraceId: r.sourceTraceId,
  sourceObservationId: r.sourceObservationId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const itemNotFound = (id: string) => new AppError("not_found", `Dataset item '${id}' not found`);

/**
 * The project's item of that id, in whichever dataset holds it. Ids are unique per dataset; should two datasets hold
 * one id (possible through `/v1`), the oldest dataset's item answers (docs/langfuse.md, "Dataset items").
 */
export async function findItemRecord(db: Db, projectId: string, id: string): Promise<ItemRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(datasetItems)
    .innerJoin(datasets, eq(datasets.id, datasetItems.datasetId))
    .where(and(eq(datasets.projectId, projectId), eq(datasetItems.id, id)))
    .orderBy(asc(datasets.createdAt), asc(datasets.id))
    .limit(1);
  return row ? toRecord(row) : null;
}

/** The item of that id. @throws not_found */
export async function getItem(deps: Pick<Deps, "db">, projectId: string, id: string): Promise<ItemRecord> {
  const found = await findItemRecord(deps.db, projectId, id);
  if (!found) throw itemNotFound(id);
  return found;
}

/**
 * A page of the project's items, in dataset then insertion order, narrowed to a dataset and to the trace or observation
 * they were copied from. @throws not_found for an unknown dataset.
 */
export async function listItems(
  deps: Pick<Deps, "db">,
  projectId: string,
  query: { datasetName?: string; sourceTraceId?: string; sourceObservationId?: string; offset: number; limit: number },
): Promise<{ rows: ItemRecord[]; total: number }> {
  const where: SQL[] = [eq(datasets.projectId, projectId)];
  if (query.datasetName !== undefined)
    where.push(eq(datasetItems.datasetId, (await findDataset(deps.db, projectId, query.datasetName)).id));
  if (query.sourceTraceId !== undefined) where.push(eq(datasetItems.sourceTraceId, query.sourceTraceId));
  if (query.sourceObservationId !== undefined)
    where.push(eq(datasetItems.sourceObservationId, query.sourceObservationId));
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(recordColumns)
      .from(datasetItems)
      .innerJoin(datasets, eq(datasets.id, datasetItems.datasetId))
      .where(and(...where))
      .orderBy(sql`${datasets.name} collate "C"`, asc(datasetItems.seq))
      .limit(query.limit)
      .offset(query.offset),
    deps.db
      .select({ n: count() })
      .from(datasetItems)
      .innerJoin(datasets, eq(datasets.id, datasetItems.datasetId))
      .where(and(...where)),
  ]);
  return { rows: rows.map(toRecord), total: Number(total?.n ?? 0) };
}
