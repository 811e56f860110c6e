import type { Deps } from "../platform/deps";
import type { EventEnvelope } from "../platform/ports";
import { automationDeliveries } from "./automations.sql";
import { attemptLeased, type DeliverDeps, type LeasedDelivery, leaseFrom } from "./deliver";
import { type AutomationRow, enabledAutomations } from "./manage-automations";
import { matches } from "./matches";

/**
 * Records one delivery per automation that takes each event (docs/automations.md, "Deliveries and retries"),
 * leased to this caller, in one statement. The same event seen twice (the bus is at least once) makes no
 * second delivery.
 */
async function recordDeliveries(
  deps: Pick<Deps, "db" | "clock" | "ids" | "config" | "caches">,
  events: readonly EventEnvelope[],
): Promise<{ rows: LeasedDelivery[]; takers: Map<string, AutomationRow> }> {
  const takers = new Map<string, AutomationRow>();
  const now = deps.clock.now();
  const values = [];
  // Read once per project of the batch: on a shared store every read goes to Postgres.
  const byProject = new Map<string, Promise<AutomationRow[]>>();
  const automationsOf = (projectId: string) =>
    byProject.get(projectId) ?? byProject.set(projectId, enabledAutomations(deps, projectId)).get(projectId)!;
  for (const event of events) {
    for (const a of (await automationsOf(event.projectId)).filter((a) => matches(a, event))) {
      takers.set(a.id, a);
      values.push({
        id: deps.ids.uuid(),
        automationId: a.id,
        projectId: event.projectId,
        eventId: event.id,
        type: event.type,
        envelope: event,
        status: "pending" as const,
        attemptLog: [],
        nextAttemptAt: now,
        leasedUntil: leaseFrom(now),
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  if (values.length === 0) return { rows: [], takers };
  // The envelopes are in hand: only what tells the inserted rows apart comes back.
  const inserted = await deps.db
    .insert(automationDeliveries)
    .values(values)
    .onConflictDoNothing({ target: [automationDeliveries.automationId, automationDeliveries.eventId] })
    .returning({
      seq: automationDeliveries.seq,
      id: automationDeliveries.id,
      automationId: automationDeliveries.automationId,
      eventId: automationDeliveries.eventId,
    });
  const byId = new Map(events.map((e) => [e.id, e]));
  return {
    rows: inserted.map((r) => ({
      seq: r.seq,
      id: r.id,
      automationId: r.automationId,
      attempts: 0,
      envelope: byId.get(r.eventId)!,
    })),
    takers,
  };
}

/**
 * Events from the bus (one per invocation on AWS, a relay batch locally): their deliveries recorded, already
 * leased to this call, and attempted at once; the retries are the schedule's. Two statements whatever the
 * number of events: the insert and the outcomes.
 */
export async function deliverEvents(
  deps: DeliverDeps & Pick<Deps, "ids" | "caches">,
  events: readonly EventEnvelope[],
): Promise<{ deliveries: number }> {
  const { rows, takers } = await recordDeliveries(deps, events);
  if (rows.length) await attemptLeased(deps, rows, takers);
  return { deliveries: rows.length };
}
