import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import * as Audit from "../audit";
import { readThroughOwned } from "../platform/cache";
import type { Db } from "../platform/db";
import { fitsBefore, RECORD_MARGIN_MS } from "../platform/deadline";
import type { Deps } from "../platform/deps";
import { invalid, notFound } from "../platform/errors";
import type { EventEnvelope, SealedSecretTable } from "../platform/ports";
import type { Principal } from "../platform/principal";
import type { EventSinkInput, EventSinkView } from "./automations.schema";
import { eventSinks, sinkEvents } from "./automations.sql";
import { MAX_ATTEMPTS, nextAttemptAt } from "./backoff";
import { automationsScope } from "./manage-automations";
import { sendRequest } from "./send-request";

type SinkRow = typeof eventSinks.$inferSelect;

/** Which sink kind an event type feeds, and the event name the capture API receives. */
const KINDS: Record<string, { kind: "trace" | "score"; event: string }> = {
  "trace.created": { kind: "trace", event: "sightline_trace" },
  "score.created": { kind: "score", event: "sightline_score" },
};
export const SINK_TRIGGERS = Object.keys(KINDS);

/** Capture events per POST; the capture API takes far more, but a failed batch is retried whole. */
const BATCH = 100;
const LEASE_MS = 60_000;

/** The project's sink, cached with its automations (one scope, moved by every write of either). */
export function sinkOf(deps: Pick<Deps, "db" | "config" | "caches">, projectId: string): Promise<SinkRow | null> {
  return readThroughOwned(
    deps,
    "event-sink",
    automationsScope(projectId),
    projectId,
    async () => (await deps.db.select().from(eventSinks).where(eq(eventSinks.projectId, projectId)))[0] ?? null,
  );
}

async function countsOf(deps: Pick<Deps, "db">, projectId: string) {
  const rows = await deps.db
    .select({ status: sinkEvents.status, n: sql<number>`count(*)::int` })
    .from(sinkEvents)
    .where(and(eq(sinkEvents.projectId, projectId), inArray(sinkEvents.status, ["pending", "failed"])))
    .groupBy(sinkEvents.status);
  return {
    pending: Number(rows.find((r) => r.status === "pending")?.n ?? 0),
    failed: Number(rows.find((r) => r.status === "failed")?.n ?? 0),
  };
}

const view = (row: SinkRow, counts: { pending: number; failed: number }): EventSinkView => ({
  url: row.url,
  hasApiKey: true,
  events: row.events as EventSinkView["events"],
  enabled: row.enabled,
  ...counts,
  updatedAt: row.updatedAt.toISOString(),
});

/** @throws not_found when the project has no sink. */
export async function getEventSink(deps: Pick<Deps, "db">, projectId: string): Promise<EventSinkView> {
  const [row] = await deps.db.select().from(eventSinks).where(eq(eventSinks.projectId, projectId));
  if (!row) throw notFound("event sink");
  return view(row, await countsOf(deps, projectId));
}

/** Sets the project's sink; the key is sealed, and an absent key keeps the stored one. @throws invalid_input */
export async function putEventSink(
  deps: Pick<Deps, "db" | "clock" | "ids" | "caches" | "keyRing">,
  principal: Principal,
  input: EventSinkInput,
): Promise<EventSinkView> {
  const [current] = await deps.db.select().from(eventSinks).where(eq(eventSinks.projectId, principal.projectId));
  if (!current && input.apiKey === undefined)
    throw invalid("Invalid body.apiKey: required when the project has no event sink");
  const now = deps.clock.now();
  const row: SinkRow = {
    projectId: principal.projectId,
    url: input.url,
    apiKeySealed: input.apiKey !== undefined ? deps.keyRing.encrypt(input.apiKey) : current!.apiKeySealed,
    events: [...new Set(input.events)],
    enabled: input.enabled,
    createdAt: current?.createdAt ?? now,
    updatedAt: now,
  };
  await deps.caches.write(automationsScope(principal.projectId), () =>
    deps.db.transaction(async (db) => {
      await db
        .insert(eventSinks)
        .values(row)
        .onConflictDoUpdate({
          target: eventSinks.projectId,
          set: {
            url: row.url,
            apiKeySealed: row.apiKeySealed,
            events: row.events,
            enabled: row.enabled,
            updatedAt: now,
          },
        });
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "event_sink.updated",
        target: { type: "event_sink", id: principal.projectId },
        details: { url: row.url, events: row.events, enabled: row.enabled, keyChanged: input.apiKey !== undefined },
      });
    }),
  );
  return view(row, await countsOf(deps, principal.projectId));
}

/** Removes the sink and what waits for it. @throws not_found */
export async function deleteEventSink(
  deps: Pick<Deps, "db" | "clock" | "ids" | "caches">,
  principal: Principal,
): Promise<{ deleted: true }> {
  await getEventSink(deps, principal.projectId);
  await deps.caches.write(automationsScope(principal.projectId), () =>
    deps.db.transaction(async (db) => {
      await db.delete(eventSinks).where(eq(eventSinks.projectId, principal.projectId));
      await db.delete(sinkEvents).where(eq(sinkEvents.projectId, principal.projectId));
      await Audit.recordChange({ ...deps, db }, principal, {
        action: "event_sink.deleted",
        target: { type: "event_sink", id: principal.projectId },
      });
    }),
  );
  return { deleted: true };
}

/** The capture event of a trace or score event (docs/automations.md, "Event sink"). */
function captureOf(event: EventEnvelope, name: string) {
  const data = event.data;
  const distinctId =
    (typeof data.userId === "string" && data.userId) ||
    (event.type === "trace.created" ? data.id : data.traceId) ||
    data.id;
  return {
    event: name,
    distinct_id: String(distinctId),
    timestamp: event.timestamp,
    properties: { ...data, projectId: event.projectId, $insert_id: event.id },
  };
}

/** Queues trace and score events for their project's sink when it takes that kind, in one statement; a repeat of an event is dropped. */
export async function collectSinkEvents(
  deps: Pick<Deps, "db" | "clock" | "config" | "caches">,
  events: readonly EventEnvelope[],
): Promise<{ queued: number }> {
  const now = deps.clock.now();
  const values = [];
  // Read once per project of the batch: on a shared store every read goes to Postgres.
  const sinks = new Map<string, Promise<SinkRow | null>>();
  const sinkOfProject = (projectId: string) =>
    sinks.get(projectId) ?? sinks.set(projectId, sinkOf(deps, projectId)).get(projectId)!;
  for (const event of events) {
    const kind = KINDS[event.type];
    const sink = kind ? await sinkOfProject(event.projectId) : null;
    if (!kind || !sink?.enabled || !(sink.events as string[]).includes(kind.kind)) continue;
    values.push({
      projectId: event.projectId,
      eventId: event.id,
      body: captureOf(event, kind.event),
      status: "pending" as const,
      nextAttemptAt: now,
      createdAt: now,
    });
  }
  if (values.length)
    await deps.db
      .insert(sinkEvents)
      .values(values)
      .onConflictDoNothing({ target: [sinkEvents.projectId, sinkEvents.eventId] });
  return { queued: values.length };
}

/**
 * Sends the due sink events, in batches per project to `<url>/batch/`, with the retries of automation
 * deliveries (docs/automations.md, "Event sink"). Leased like deliveries, so overlapping runs send nothing twice at once.
 * With a `deadline` (its function's time limit), a batch after the first starts only if its time limit ends 2 s
 * before it, and within the lease; the events left are given back, due at once.
 */
export async function flushEventSinks(
  deps: Pick<Deps, "db" | "clock" | "log" | "keyRing" | "outbound">,
  options: { limit?: number; deadline?: Date } = {},
): Promise<{ sent: number; failed: number; retrying: number }> {
  const now = deps.clock.now();
  const pending = deps.db
    .select({ seq: sinkEvents.seq })
    .from(sinkEvents)
    .where(
      and(
        eq(sinkEvents.status, "pending"),
        lte(sinkEvents.nextAttemptAt, now),
        or(isNull(sinkEvents.leasedUntil), lt(sinkEvents.leasedUntil, now)),
      ),
    )
    .orderBy(sinkEvents.seq)
    .limit(options.limit ?? 1000)
    .for("update", { skipLocked: true });
  const due = (
    await deps.db
      .update(sinkEvents)
      .set({ leasedUntil: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(sinkEvents.seq, pending))
      .returning()
  ).sort((x, y) => x.seq - y.seq);
  const totals = { sent: 0, failed: 0, retrying: 0 };
  const byProject = new Map<string, typeof due>();
  for (const row of due) byProject.set(row.projectId, [...(byProject.get(row.projectId) ?? []), row]);
  // A batch must end within the lease as well as before the function's time limit.
  const leaseEnd = new Date(now.getTime() + LEASE_MS);
  const deadline = options.deadline && options.deadline < leaseEnd ? options.deadline : leaseEnd;
  const batchMs = deps.outbound.timeoutMs + RECORD_MARGIN_MS;
  const left: number[] = [];
  let started = 0;
  for (const [projectId, rows] of byProject) {
    const [sink] = await deps.db.select().from(eventSinks).where(eq(eventSinks.projectId, projectId));
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      // The first batch always goes, so that a run makes progress whatever the time limits.
      if (started > 0 && !fitsBefore(deps.clock, deadline, batchMs)) {
        left.push(...batch.map((r) => r.seq));
        continue;
      }
      started++;
      await sendBatch(deps, sink ?? null, batch, totals);
    }
  }
  if (left.length) await deps.db.update(sinkEvents).set({ leasedUntil: null }).where(inArray(sinkEvents.seq, left));
  return totals;
}

async function sendBatch(
  deps: Pick<Deps, "db" | "clock" | "log" | "keyRing" | "outbound">,
  sink: SinkRow | null,
  batch: (typeof sinkEvents.$inferSelect)[],
  totals: { sent: number; failed: number; retrying: number },
) {
  const seqs = batch.map((r) => r.seq);
  if (!sink) {
    await deps.db
      .update(sinkEvents)
      .set({ status: "failed", error: "the project has no event sink", leasedUntil: null })
      .where(inArray(sinkEvents.seq, seqs));
    totals.failed += batch.length;
    return;
  }
  const body = JSON.stringify({ api_key: deps.keyRing.decrypt(sink.apiKeySealed), batch: batch.map((r) => r.body) });
  const result = await sendRequest(deps, { url: `${sink.url.replace(/\/+$/, "")}/batch/`, headers: {}, body });
  if (result.ok) {
    await deps.db
      .update(sinkEvents)
      .set({ status: "sent", error: null, leasedUntil: null, attempts: sql`${sinkEvents.attempts} + 1` })
      .where(inArray(sinkEvents.seq, seqs));
    totals.sent += batch.length;
    return;
  }
  // Events of one batch share their attempts: they were sent together.
  const attempts = Math.max(...batch.map((r) => r.attempts)) + 1;
  const next = result.retryable && attempts < MAX_ATTEMPTS ? nextAttemptAt(attempts, deps.clock.now()) : null;
  await deps.db
    .update(sinkEvents)
    .set({
      status: next ? "pending" : "failed",
      attempts,
      error: result.error,
      nextAttemptAt: next ?? deps.clock.now(),
      leasedUntil: null,
    })
    .where(inArray(sinkEvents.seq, seqs));
  deps.log.warn("event sink batch not accepted", {
    projectId: sink.projectId,
    events: batch.length,
    attempt: attempts,
    error: result.error,
  });
  if (next) totals.retrying += batch.length;
  else totals.failed += batch.length;
}

/** Event-sink keys for the rotation command (docs/secrets.md). */
export const sinkKeySecrets: SealedSecretTable = {
  name: "event_sinks",
  async rows(db: Db) {
    const rows = await db
      .select({ id: eventSinks.projectId, sealed: eventSinks.apiKeySealed })
      .from(eventSinks)
      .orderBy(eventSinks.projectId);
    return rows.map((r) => ({ id: r.id, sealed: r.sealed, label: `project ${r.id}, event sink` }));
  },
  async write(db: Db, id: string, sealed: string, previous: string) {
    await db
      .update(eventSinks)
      .set({ apiKeySealed: sealed })
      .where(and(eq(eventSinks.projectId, id), eq(eventSinks.apiKeySealed, previous)));
  },
};
