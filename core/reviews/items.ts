import { and, asc, eq, gt, inArray } from "drizzle-orm";
import * as z from "zod";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { decodeCursor, encodeCursor } from "../platform/pagination";
import type { Principal } from "../platform/principal";
import * as Telemetry from "../telemetry";
import * as Traces from "../traces";
import { findQueue } from "./queues";
import type { AddItemsResult, ItemDetail } from "./reviews.schema";
import { reviewItems } from "./reviews.sql";

/**
 * Enqueues traces for review. A trace already pending in the queue is skipped; an id that is not a stored trace
 * of the project is refused on its own in `errors`. @throws not_found for an unknown queue.
 */
export async function addItems(
  deps: Pick<Deps, "db" | "telemetry" | "clock" | "ids">,
  principal: Principal,
  queueName: string,
  traceIds: readonly string[],
): Promise<AddItemsResult> {
  const queue = await findQueue(deps, principal.projectId, queueName);
  const wanted = [...new Set(traceIds)];
  const stored = await Telemetry.storedTraceIds(deps, principal.projectId, wanted);
  const errors = wanted
    .filter((id) => !stored.has(id))
    .map((traceId) => ({ traceId, message: `Trace '${traceId}' not found` }));
  const now = deps.clock.now();
  const rows = wanted
    .filter((id) => stored.has(id))
    .map((traceId) => ({
      id: deps.ids.uuid(),
      queueId: queue.id,
      projectId: principal.projectId,
      traceId,
      status: "pending" as const,
      createdAt: now,
    }));
  const inserted = rows.length
    ? await deps.db.transaction(async (db) => {
        const added = await db
          .insert(reviewItems)
          .values(rows)
          .onConflictDoNothing()
          .returning({ id: reviewItems.id, traceId: reviewItems.traceId, status: reviewItems.status });
        if (added.length)
          await Audit.recordChange({ ...deps, db }, principal, {
            action: "review_items.added",
            target: { type: "review_queue", id: queue.id },
            details: { queue: queue.name, added: added.length },
          });
        return added;
      })
    : [];
  const addedIds = new Set(inserted.map((i) => i.traceId));
  const skipped = rows.filter((r) => !addedIds.has(r.traceId)).map((r) => r.traceId);
  const pending = skipped.length
    ? await deps.db
        .select({ id: reviewItems.id, traceId: reviewItems.traceId, status: reviewItems.status })
        .from(reviewItems)
        .where(
          and(
            eq(reviewItems.queueId, queue.id),
            eq(reviewItems.status, "pending"),
            inArray(reviewItems.traceId, skipped),
          ),
        )
    : [];
  return { added: inserted.length, skipped: skipped.length, items: [...inserted, ...pending], errors };
}

const Cursor = z.object({ seq: z.number().int() });

/** A queue's items, oldest first (the order reviewers work in), each with its trace's name, input, output and time. */
export async function listItems(
  deps: Pick<Deps, "db" | "telemetry" | "blobs">,
  projectId: string,
  queueName: string,
  q: { status?: "pending" | "done"; limit: number; cursor?: string },
) {
  const queue = await findQueue(deps, projectId, queueName);
  const t = reviewItems;
  const where = [eq(t.queueId, queue.id), q.status ? eq(t.status, q.status) : undefined];
  if (q.cursor) where.push(gt(t.seq, decodeCursor(q.cursor, Cursor).seq));
  const rows = await deps.db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(asc(t.seq))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const bodies = await Traces.readTraceBodies(
    deps,
    projectId,
    page.map((r) => r.traceId),
    { observations: false },
  );
  const data: ItemDetail[] = page.map((r) => {
    const b = bodies.get(r.traceId);
    return {
      id: r.id,
      traceId: r.traceId,
      status: r.status,
      scoreId: r.scoreId,
      reviewer: r.reviewer,
      createdAt: r.createdAt.toISOString(),
      doneAt: r.doneAt?.toISOString() ?? null,
      trace: b ? { name: b.name, input: b.input, output: b.output, timestamp: b.timestamp } : null,
    };
  });
  const last = page.at(-1);
  return { data, nextCursor: rows.length > q.limit && last ? encodeCursor({ seq: last.seq }) : null };
}
