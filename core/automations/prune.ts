import { and, inArray, lt, ne } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import { automationDeliveries, sinkEvents } from "./automations.sql";

/** How long a finished delivery (succeeded or failed) stays in its automation's log. */
export const FINISHED_KEEP_DAYS = 30;

/**
 * Deletes finished deliveries and sink events older than `FINISHED_KEEP_DAYS`; pending ones stay whatever their
 * age (docs/automations.md, "Deliveries and retries"). Run by the daily retention job.
 */
export async function pruneFinished(
  deps: Pick<Deps, "db" | "clock">,
): Promise<{ deliveries: number; sinkEvents: number }> {
  const before = new Date(deps.clock.now().getTime() - FINISHED_KEEP_DAYS * 86_400_000);
  const deliveries = await deps.db
    .delete(automationDeliveries)
    .where(and(ne(automationDeliveries.status, "pending"), lt(automationDeliveries.updatedAt, before)))
    .returning({ seq: automationDeliveries.seq });
  const sent = await deps.db
    .delete(sinkEvents)
    .where(and(inArray(sinkEvents.status, ["sent", "failed"]), lt(sinkEvents.createdAt, before)))
    .returning({ seq: sinkEvents.seq });
  return { deliveries: deliveries.length, sinkEvents: sent.length };
}
