import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import { outboxEvents } from "./audit.sql";

export interface DomainEvent {
  id: string;
  projectId: string;
  type: string;
  payload: unknown;
  createdAt: Date;
}

/** Something that reacts to domain events (automations, webhooks, sinks). */
export type Subscriber = (event: DomainEvent) => Promise<void>;

/** An event that failed this many times is left alone, with its last error kept. */
export const MAX_RELAY_ATTEMPTS = 10;

/**
 * Hands pending outbox events to every subscriber, oldest first, and marks them
 * dispatched. Rows are locked with SKIP LOCKED so that overlapping runs never
 * deliver one event twice; a failing subscriber leaves the event pending.
 */
export async function relayOutbox(
  deps: Pick<Deps, "db" | "clock" | "log">,
  subscribers: readonly Subscriber[],
  options: { batchSize?: number } = {},
): Promise<{ dispatched: number; failed: number }> {
  return deps.db.transaction(async (tx) => {
    const pending = await tx
      .select()
      .from(outboxEvents)
      .where(and(isNull(outboxEvents.dispatchedAt), lt(outboxEvents.attempts, MAX_RELAY_ATTEMPTS)))
      .orderBy(asc(outboxEvents.seq))
      .limit(options.batchSize ?? 100)
      .for("update", { skipLocked: true });
    let dispatched = 0;
    let failed = 0;
    for (const row of pending) {
      const event: DomainEvent = { id: row.id, projectId: row.projectId, type: row.type, payload: row.payload, createdAt: row.createdAt };
      try {
        for (const subscriber of subscribers) await subscriber(event);
        await tx.update(outboxEvents).set({ dispatchedAt: deps.clock.now(), lastError: null }).where(eq(outboxEvents.seq, row.seq));
        dispatched++;
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        deps.log.warn("outbox event not delivered", { eventId: row.id, type: row.type, error: message });
        await tx
          .update(outboxEvents)
          .set({ attempts: sql`${outboxEvents.attempts} + 1`, lastError: message.slice(0, 1000) })
          .where(eq(outboxEvents.seq, row.seq));
        failed++;
      }
    }
    return { dispatched, failed };
  });
}
