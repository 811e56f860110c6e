import { and, asc, eq, inArray, sql } from "drizzle-orm";
import * as Audit from "../audit";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { conflict, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import type { CreateQueueInput, QueueView } from "./reviews.schema";
import { reviewItems, reviewQueues } from "./reviews.sql";

export type QueueRow = typeof reviewQueues.$inferSelect;

const view = (q: QueueRow, counts: { pending: number; done: number } = { pending: 0, done: 0 }): QueueView => ({
  id: q.id,
  name: q.name,
  scoreName: q.scoreName,
  dataType: q.dataType,
  categories: (q.categories as string[] | null) ?? [],
  min: q.min,
  max: q.max,
  description: q.description,
  pending: counts.pending,
  done: counts.done,
  createdAt: q.createdAt.toISOString(),
});

/** The project's queue of that name. @throws not_found */
export async function findQueue(deps: Pick<Deps, "db">, projectId: string, name: string): Promise<QueueRow> {
  const [row] = await deps.db
    .select()
    .from(reviewQueues)
    .where(and(eq(reviewQueues.projectId, projectId), eq(reviewQueues.name, name)));
  if (!row) throw notFound("review queue", name);
  return row;
}

async function countsOf(deps: Pick<Deps, "db">, queueIds: readonly string[]) {
  if (queueIds.length === 0) return new Map<string, { pending: number; done: number }>();
  const rows = await deps.db
    .select({ queueId: reviewItems.queueId, status: reviewItems.status, n: sql<number>`count(*)::int` })
    .from(reviewItems)
    .where(inArray(reviewItems.queueId, [...queueIds]))
    .groupBy(reviewItems.queueId, reviewItems.status);
  const counts = new Map<string, { pending: number; done: number }>();
  for (const r of rows) {
    const c = counts.get(r.queueId) ?? { pending: 0, done: 0 };
    c[r.status] = Number(r.n);
    counts.set(r.queueId, c);
  }
  return counts;
}

/** @throws conflict when the name is taken. */
export async function createQueue(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  input: CreateQueueInput,
): Promise<QueueView> {
  const now = deps.clock.now();
  const row: QueueRow = {
    id: deps.ids.uuid(),
    projectId: principal.projectId,
    name: input.name,
    scoreName: input.scoreName,
    dataType: input.dataType,
    categories: input.categories ?? [],
    min: input.min ?? null,
    max: input.max ?? null,
    description: input.description ?? null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await deps.db.transaction(async (db) => {
      await db.insert(reviewQueues).values(row);
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "review_queue.created",
        target: { type: "review_queue", id: row.id },
        details: { name: row.name, scoreName: row.scoreName, dataType: row.dataType },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, "review_queues_project_name_idx"))
      throw conflict(`Review queue '${input.name}' exists`);
    throw error;
  }
  return view(row);
}

/** The project's queues by name, with how many items are pending and done. */
export async function listQueues(deps: Pick<Deps, "db">, projectId: string): Promise<{ data: QueueView[] }> {
  const rows = await deps.db
    .select()
    .from(reviewQueues)
    .where(eq(reviewQueues.projectId, projectId))
    .orderBy(asc(reviewQueues.name));
  const counts = await countsOf(
    deps,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => view(r, counts.get(r.id))) };
}

/** @throws not_found */
export async function getQueue(deps: Pick<Deps, "db">, projectId: string, name: string): Promise<QueueView> {
  const row = await findQueue(deps, projectId, name);
  return view(row, (await countsOf(deps, [row.id])).get(row.id));
}
