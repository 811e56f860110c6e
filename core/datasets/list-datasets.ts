import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import * as z from "zod";
import type { Deps } from "../platform/deps";
import { decodeCursor, encodeCursor, type Page } from "../platform/pagination";
import type { DatasetSummary } from "./datasets.schema";
import { datasetItems, datasets } from "./datasets.sql";

const Cursor = z.object({ name: z.string() });

/** Datasets of the project by name (byte order), each with its item count. */
export async function listDatasets(
  deps: Pick<Deps, "db">,
  projectId: string,
  query: { limit: number; cursor?: string },
): Promise<Page<DatasetSummary>> {
  const where: SQL[] = [eq(datasets.projectId, projectId)];
  if (query.cursor) where.push(sql`${datasets.name} collate "C" > ${decodeCursor(query.cursor, Cursor).name}`);
  const rows = await deps.db
    .select()
    .from(datasets)
    .where(and(...where))
    .orderBy(sql`${datasets.name} collate "C"`)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const counts = new Map<string, number>();
  if (page.length > 0) {
    const tallies = await deps.db
      .select({ datasetId: datasetItems.datasetId, n: count() })
      .from(datasetItems)
      .where(
        inArray(
          datasetItems.datasetId,
          page.map((r) => r.id),
        ),
      )
      .groupBy(datasetItems.datasetId);
    for (const t of tallies) counts.set(t.datasetId, Number(t.n));
  }
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      metadata: r.metadata,
      itemCount: counts.get(r.id) ?? 0,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ name: last.name }) : null,
  };
}

/** A page of the project's datasets, newest first (Langfuse's order), and how many there are. */
export async function listDatasetPage(
  deps: Pick<Deps, "db">,
  projectId: string,
  page: { offset: number; limit: number },
) {
  const where = eq(datasets.projectId, projectId);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(datasets)
      .where(where)
      .orderBy(desc(datasets.createdAt), asc(datasets.id))
      .limit(page.limit)
      .offset(page.offset),
    deps.db.select({ n: count() }).from(datasets).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
