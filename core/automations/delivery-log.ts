import { and, desc, eq, lt } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { conflict, notFound } from "../platform/errors";
import type { EventEnvelope } from "../platform/ports";
import type { Principal } from "../platform/principal";
import type { Attempt, DeliveryView } from "./automations.schema";
import { automationDeliveries } from "./automations.sql";
import { attemptDueDeliveries, type DeliverDeps } from "./deliver";
import { findAutomation } from "./manage-automations";

type DeliveryRow = typeof automationDeliveries.$inferSelect;

const view = (row: DeliveryRow): DeliveryView => ({
  id: row.id,
  eventId: row.eventId,
  type: row.type,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  error: row.error,
  durationMs: row.durationMs,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  attemptLog: (row.attemptLog as Attempt[] | null) ?? [],
  createdAt: row.createdAt.toISOString(),
});

/** An automation's deliveries, newest first. @throws not_found */
export async function listDeliveries(
  deps: Pick<Deps, "db">,
  projectId: string,
  automationId: string,
  query: { status?: DeliveryRow["status"]; limit: number; cursor?: string },
): Promise<{ data: DeliveryView[]; nextCursor: string | null }> {
  await findAutomation(deps, projectId, automationId);
  const rows = await deps.db
    .select()
    .from(automationDeliveries)
    .where(
      and(
        eq(automationDeliveries.projectId, projectId),
        eq(automationDeliveries.automationId, automationId),
        query.status ? eq(automationDeliveries.status, query.status) : undefined,
        query.cursor ? lt(automationDeliveries.seq, Number(query.cursor)) : undefined,
      ),
    )
    .orderBy(desc(automationDeliveries.seq))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { data: page.map(view), nextCursor: rows.length > query.limit ? String(page.at(-1)!.seq) : null };
}

async function findDelivery(
  deps: Pick<Deps, "db">,
  projectId: string,
  automationId: string,
  deliveryId: string,
): Promise<DeliveryRow> {
  const [row] = await deps.db
    .select()
    .from(automationDeliveries)
    .where(
      and(
        eq(automationDeliveries.projectId, projectId),
        eq(automationDeliveries.automationId, automationId),
        eq(automationDeliveries.id, deliveryId),
      ),
    );
  if (!row) throw notFound("delivery", deliveryId);
  return row;
}

/**
 * Sends a delivery again now, as a new series of attempts (its earlier attempts stay in its log); a delivery
 * still pending is already on its way. @throws not_found, conflict
 */
export async function retryDelivery(
  deps: DeliverDeps & Pick<Deps, "ids">,
  principal: Principal,
  automationId: string,
  deliveryId: string,
): Promise<DeliveryView> {
  await findAutomation(deps, principal.projectId, automationId);
  const row = await findDelivery(deps, principal.projectId, automationId, deliveryId);
  if (row.status === "pending")
    throw conflict(
      `Delivery '${deliveryId}' is pending: its next attempt is at ${row.nextAttemptAt?.toISOString() ?? "once it is leased"}`,
    );
  await deps.db.transaction(async (db) => {
    await db
      .update(automationDeliveries)
      .set({
        status: "pending",
        attempts: 0,
        nextAttemptAt: deps.clock.now(),
        leasedUntil: null,
        updatedAt: deps.clock.now(),
      })
      .where(eq(automationDeliveries.seq, row.seq));
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "automation.delivery_retried",
      target: { type: "automation", id: automationId },
      details: { deliveryId },
    });
  });
  await attemptDueDeliveries(deps, { ids: [deliveryId] });
  return view(await findDelivery(deps, principal.projectId, automationId, deliveryId));
}

/** A made-up event of the automation's trigger, so a test send shows what a real one looks like. */
function sampleEvent(deps: Pick<Deps, "ids" | "clock">, projectId: string, trigger: string): EventEnvelope {
  const traceId = "00000000-0000-4000-8000-000000000000";
  const data: Record<string, Record<string, unknown>> = {
    "score.created": {
      id: deps.ids.uuid(),
      traceId,
      observationId: null,
      name: "test-score",
      value: 0,
      stringValue: null,
      dataType: "NUMERIC",
      source: "API",
      comment: "test send",
    },
    "trace.created": {
      id: traceId,
      name: "test-trace",
      userId: null,
      sessionId: null,
      environment: "default",
      tags: [],
    },
    "eval.completed": {
      evaluator: "test-evaluator",
      scoreId: deps.ids.uuid(),
      target: { traceId, observationId: null },
      status: "completed",
    },
    "alert.firing": { alert: "test-alert", state: "firing", value: 1, threshold: 0 },
    "alert.resolved": { alert: "test-alert", state: "resolved", value: 0, threshold: 0 },
    "comment.created": {
      id: deps.ids.uuid(),
      objectType: "TRACE",
      objectId: traceId,
      body: "test send",
      author: { type: "api_key", id: "test", email: null },
      mentions: [],
      createdAt: deps.clock.now().toISOString(),
    },
  };
  const prompt = { name: "test-prompt", version: 1, labels: ["latest"] };
  return {
    id: `test-${deps.ids.uuid()}`,
    type: trigger,
    projectId,
    timestamp: deps.clock.now().toISOString(),
    data: data[trigger] ?? prompt,
  };
}

/**
 * Sends a sample event of the automation's trigger once, now, whatever its filter, and answers the delivery
 * (in the log like any other, not retried). @throws not_found
 */
export async function testAutomation(
  deps: DeliverDeps & Pick<Deps, "ids">,
  principal: Principal,
  automationId: string,
): Promise<DeliveryView> {
  const automation = await findAutomation(deps, principal.projectId, automationId);
  const event = sampleEvent(deps, principal.projectId, automation.trigger);
  const now = deps.clock.now();
  const id = deps.ids.uuid();
  await deps.db.insert(automationDeliveries).values({
    id,
    automationId,
    projectId: principal.projectId,
    eventId: event.id,
    type: event.type,
    envelope: event,
    status: "pending",
    attemptLog: [],
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  });
  // Retries are for events: a test answers with its one attempt.
  await attemptDueDeliveries(deps, { ids: [id], once: true });
  const row = await findDelivery(deps, principal.projectId, automationId, id);
  return view(row);
}
