import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import * as z from "zod";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { decodeCursor, encodeCursor } from "../platform/pagination";
import type { DatasetDetail, DatasetItemView, ItemSchema, RunnerStatus } from "./datasets.schema";
import { datasetItems, datasetRunItems, datasetRunners, datasetRuns } from "./datasets.sql";
import { findDataset } from "./lookup";

const Cursor = z.object({ seq: z.number().int() });

/** Item columns with `input` and `expected_output` as JSON text, decoded alike on every driver. */
export const itemColumns = {
  id: datasetItems.id,
  seq: datasetItems.seq,
  input: sql<string>`${datasetItems.input}::text`,
  expectedOutput: sql<string | null>`${datasetItems.expectedOutput}::text`,
  metadata: datasetItems.metadata,
  sourceTraceId: datasetItems.sourceTraceId,
  sourceObservationId: datasetItems.sourceObservationId,
  createdAt: datasetItems.createdAt,
};
export type ItemRow = {
  id: string;
  seq: number;
  input: string;
  expectedOutput: string | null;
  metadata: unknown;
  sourceTraceId: string | null;
  sourceObservationId: string | null;
  createdAt: Date;
};

export const decodeJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export const itemView = (r: ItemRow): DatasetItemView => ({
  id: r.id,
  input: decodeJson(r.input),
  expectedOutput: decodeJson(r.expectedOutput),
  metadata: r.metadata,
  sourceTraceId: r.sourceTraceId,
  sourceObservationId: r.sourceObservationId,
  createdAt: r.createdAt.toISOString(),
});

/** One page of a dataset's items in insertion order, and the cursor of the next. */
export async function itemPage(db: Db, datasetId: string, query: { limit: number; cursor?: string }) {
  const after = query.cursor ? decodeCursor(query.cursor, Cursor).seq : null;
  const rows = await db
    .select(itemColumns)
    .from(datasetItems)
    .where(
      after === null
        ? eq(datasetItems.datasetId, datasetId)
        : and(eq(datasetItems.datasetId, datasetId), gt(datasetItems.seq, after)),
    )
    .orderBy(asc(datasetItems.seq))
    .limit(query.limit + 1);
  const page: ItemRow[] = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > query.limit && last ? encodeCursor({ seq: last.seq }) : null };
}

/**
 * A dataset with its schema, runner (never its secret), runs and a page of items in insertion
 * order: the `itemsUrl` of remote runs. @throws not_found
 */
export async function getDataset(
  deps: Pick<Deps, "db">,
  projectId: string,
  name: string,
  query: { limit: number; cursor?: string },
): Promise<DatasetDetail> {
  const dataset = await findDataset(deps.db, projectId, name);
  const [items, [total], [runner], runs] = await Promise.all([
    itemPage(deps.db, dataset.id, query),
    deps.db.select({ n: count() }).from(datasetItems).where(eq(datasetItems.datasetId, dataset.id)),
    deps.db.select().from(datasetRunners).where(eq(datasetRunners.datasetId, dataset.id)),
    deps.db
      .select({
        name: datasetRuns.name,
        version: datasetRuns.version,
        remote: datasetRuns.remote,
        createdAt: datasetRuns.createdAt,
        itemCount: sql<number>`(select count(*) from ${datasetRunItems} where ${datasetRunItems.runId} = ${datasetRuns.id})`,
      })
      .from(datasetRuns)
      .where(eq(datasetRuns.datasetId, dataset.id))
      .orderBy(asc(datasetRuns.createdAt), asc(datasetRuns.name)),
  ]);
  return {
    id: dataset.id,
    name: dataset.name,
    description: dataset.description,
    metadata: dataset.metadata,
    schema: dataset.itemSchema as ItemSchema | null,
    runner: runner
      ? {
          url: runner.url,
          lastStatus: runner.lastStatus as RunnerStatus | null,
          lastError: runner.lastError,
          lastHttpStatus: runner.lastHttpStatus,
          lastTriggeredAt: runner.lastTriggeredAt?.toISOString() ?? null,
        }
      : null,
    itemCount: Number(total?.n ?? 0),
    runs: runs.map((r) => ({
      name: r.name,
      version: r.version,
      remote: r.remote,
      itemCount: Number(r.itemCount),
      createdAt: r.createdAt.toISOString(),
    })),
    items: items.rows.map(itemView),
    nextCursor: items.nextCursor,
    createdAt: dataset.createdAt.toISOString(),
    updatedAt: dataset.updatedAt.toISOString(),
  };
}
