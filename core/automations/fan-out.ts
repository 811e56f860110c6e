import { sql } from "drizzle-orm";
import { rowsOf } from "../platform/db";
import type { Deps } from "../platform/deps";
import type { EventEnvelope } from "../platform/ports";
import { attemptDueDeliveries, attemptLeased, type DeliverDeps, type LeasedDelivery, leaseEnd } from "./deliver";
import { type AutomationRow, enabledAutomations } from "./manage-automations";
import { matches } from "./matches";

/**
 * Records one delivery per automation that takes each event (docs/automations.md, "Deliveries and retries"),
 * leased to this caller, in one statement. The same event seen twice (the bus is at least once) makes no
 * second delivery.
 */
async function recordDeliveries(
  deps: Pick<Deps, "db" | "clock" | "ids" | "config" | "caches" | "outbound">,
  events: readonly EventEnvelope[],
): Promise<{ rows: LeasedDelivery[]; takers: Map<string, AutomationRow> }> {
  const takers = new Map<string, AutomationRow>();
  const now = deps.clock.now();
  const values: {
    id: string;
    automation_id: string;
    project_id: string;
    event_id: string;
    type: string;
    envelope: EventEnvelope;
  }[] = [];
  // Read once per project of the batch: on a shared store every read goes to Postgres.
  const byProject = new Map<string, Promise<AutomationRow[]>>();
  const automationsOf = (projectId: string) =>
    byProject.get(projectId) ?? byProject.set(projectId, enabledAutomations(deps, projectId)).get(projectId)!;
  for (const event of events) {
    for (const a of (await automationsOf(event.projectId)).filter((a) => matches(a, event))) {
      takers.set(a.id, a);
      values.push({
        id: deps.ids.uuid(),
        automation_id: a.id,
        project_id: event.projectId,
        event_id: event.id,
        type: event.type,
        envelope: event,
      });
    }
  }
  if (values.length === 0) return { rows: [], takers };
  // One JSON parameter for the whole batch, not a dozen per row: a relay batch of 100 deliveries was the
  // costliest statement of a webhook's path (docs/ingest.md, "Issue 32: what changed and what is left"). The envelopes are in hand: only what
  // tells the inserted rows apart comes back.
  const at = now.toISOString();
  const result = await deps.db.execute(sql`
    INSERT INTO automation_deliveries
      (id, automation_id, project_id, event_id, type, envelope, status, attempts, attempt_log, next_attempt_at, leased_until, created_at, updated_at)
    SELECT v.id, v.automation_id, v.project_id, v.event_id, v.type, v.envelope, 'pending', 0, '[]'::jsonb,
      ${at}::timestamptz, ${leaseEnd(now, values.length, deps.outbound.timeoutMs).toISOString()}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      AS v(id text, automation_id text, project_id text, event_id text, type text, envelope jsonb)
    ON CONFLICT (automation_id, event_id) DO NOTHING
    RETURNING seq::text AS seq, id, automation_id, event_id`);
  const inserted = rowsOf<{ seq: string; id: string; automation_id: string; event_id: string }>(result);
  const byId = new Map(events.map((e) => [e.id, e]));
  return {
    rows: inserted.map((r) => ({
      seq: Number(r.seq),
      id: r.id,
      automationId: r.automation_id,
      attempts: 0,
      envelope: byId.get(r.event_id)!,
    })),
    takers,
  };
}

/**
 * The event a job that recorded deliveries itself (the ingest worker's `trace.created`, docs/automations.md,
 * "Events") puts on the bus, so the automations consumer attempts what is due at once rather than at the next
 * `deliver-automations` run. It names a project, as every envelope does; the attempt takes whatever is due.
 */
export const DELIVERIES_DUE = "deliveries.due";

export const deliveriesDue = (deps: Pick<Deps, "ids" | "clock">, projectId: string): EventEnvelope => ({
  id: deps.ids.uuid(),
  type: DELIVERIES_DUE,
  projectId,
  timestamp: deps.clock.now().toISOString(),
  data: {},
});

/**
 * Events from the bus (one per invocation on AWS, a relay batch locally): their deliveries recorded, already
 * leased to this call, and attempted at once; the retries are the schedule's. Two statements whatever the
 * number of events: the insert and the outcomes. A `deliveries.due` among them attempts the due deliveries once.
 * `deadline`: when the call is stopped (its function's time limit), as for `attemptDueDeliveries`.
 */
export async function deliverEvents(
  deps: DeliverDeps & Pick<Deps, "ids" | "caches">,
  events: readonly EventEnvelope[],
  deadline?: Date,
): Promise<{ deliveries: number }> {
  const nudged = events.some((e) => e.type === DELIVERIES_DUE);
  const { rows, takers } = await recordDeliveries(
    deps,
    events.filter((e) => e.type !== DELIVERIES_DUE),
  );
  if (rows.length) await attemptLeased(deps, rows, takers, { deadline });
  const due = nudged ? (await attemptDueDeliveries(deps, { deadline })).attempted : 0;
  return { deliveries: rows.length + due };
}
