import { and, asc, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { fitsBefore } from "../platform/deadline";
import type { Deps } from "../platform/deps";
import { outboxEvents } from "./audit.sql";
import { envelopeOf } from "./envelope";

/** An event that failed this many times is left alone, with its last error kept. */
export const MAX_RELAY_ATTEMPTS = 10;

/** How long a relay run holds the events it publishes before another run may take them. */
const CLAIM_MS = 60_000;
/** A batch after the first starts only this long before the run's deadline: a publish's calls and retries fit in it. */
const BATCH_MARGIN_MS = 15_000;

/**
 * Publishes pending outbox events on the event bus, oldest first, and marks them dispatched
 * (docs/automations.md, "Events"). Events are claimed in one statement (SKIP LOCKED, then a claim time)
 * and published outside any transaction, so overlapping runs never publish one event twice at once and no lock
 * is held while the bus works; an event the bus refused stays pending with its error and attempt count. With a
 * `deadline` (its function's time limit), no batch after the first is claimed within 15 s of it: a run stopped in
 * the middle of a batch would leave it claimed for a minute and publish it again after.
 */
export async function relayOutbox(
  deps: Pick<Deps, "db" | "clock" | "log" | "bus">,
  options: { batchSize?: number; maxBatches?: number; deadline?: Date } = {},
): Promise<{ dispatched: number; failed: number }> {
  const batchSize = options.batchSize ?? 100;
  let dispatched = 0;
  let failed = 0;
  for (let batch = 0; batch < (options.maxBatches ?? 50); batch++) {
    if (batch > 0 && !fitsBefore(deps.clock, options.deadline, BATCH_MARGIN_MS)) break;
    const rows = await claim(deps, batchSize);
    if (rows.length === 0) break;
    const { failed: refused } = await deps.bus.publish(rows.map(envelopeOf)).catch((e: unknown) => {
      deps.log.warn("event bus refused a publish", { error: e instanceof Error ? e.message : String(e) });
      return { failed: rows.map((r) => r.id) };
    });
    const refusedIds = new Set(refused);
    const ok = rows.filter((r) => !refusedIds.has(r.id)).map((r) => r.seq);
    const bad = rows.filter((r) => refusedIds.has(r.id)).map((r) => r.seq);
    if (ok.length)
      await deps.db
        .update(outboxEvents)
        .set({ dispatchedAt: deps.clock.now(), claimedUntil: null, lastError: null })
        .where(inArray(outboxEvents.seq, ok));
    if (bad.length) {
      deps.log.warn("outbox events not delivered", { events: bad.length });
      await deps.db
        .update(outboxEvents)
        .set({
          attempts: sql`${outboxEvents.attempts} + 1`,
          claimedUntil: null,
          lastError: "not accepted by the event bus",
        })
        .where(inArray(outboxEvents.seq, bad));
    }
    dispatched += ok.length;
    failed += bad.length;
    if (rows.length < batchSize) break;
  }
  return { dispatched, failed };
}

/** One statement: the oldest pending events no one holds, claimed (SKIP LOCKED keeps overlapping runs apart). */
async function claim(deps: Pick<Deps, "db" | "clock">, limit: number) {
  const now = deps.clock.now();
  const pending = deps.db
    .select({ seq: outboxEvents.seq })
    .from(outboxEvents)
    .where(
      and(
        isNull(outboxEvents.dispatchedAt),
        lt(outboxEvents.attempts, MAX_RELAY_ATTEMPTS),
        or(isNull(outboxEvents.claimedUntil), lt(outboxEvents.claimedUntil, now)),
      ),
    )
    .orderBy(asc(outboxEvents.seq))
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await deps.db
    .update(outboxEvents)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(outboxEvents.seq, pending))
    // What an envelope needs, no more: each row comes back through the driver's parser.
    .returning({
      seq: outboxEvents.seq,
      id: outboxEvents.id,
      projectId: outboxEvents.projectId,
      type: outboxEvents.type,
      payload: outboxEvents.payload,
      createdAt: outboxEvents.createdAt,
    });
  return rows.sort((x, y) => x.seq - y.seq);
}

/** Clears relay claims at the start of a process that owns its store: a claim left by a killed process holds nothing. */
export async function releaseClaims(deps: Pick<Deps, "db">): Promise<void> {
  await deps.db.update(outboxEvents).set({ claimedUntil: null }).where(isNotNull(outboxEvents.claimedUntil));
}

/** How long a dispatched event stays in the outbox: long enough to look into a delivery question, then gone. */
export const DISPATCHED_KEEP_DAYS = 30;

/** Deletes events dispatched more than `DISPATCHED_KEEP_DAYS` ago (docs/automations.md, "Events"); pending ones stay. */
export async function pruneOutbox(deps: Pick<Deps, "db" | "clock">): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - DISPATCHED_KEEP_DAYS * 86_400_000);
  const gone = await deps.db
    .delete(outboxEvents)
    .where(lt(outboxEvents.dispatchedAt, before))
    .returning({ seq: outboxEvents.seq });
  return gone.length;
}
