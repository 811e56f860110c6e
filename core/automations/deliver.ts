import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { fitsBefore, RECORD_MARGIN_MS } from "../platform/deadline";
import type { Deps } from "../platform/deps";
import { eachLimit } from "../platform/each-limit";
import type { EventEnvelope } from "../platform/ports";
import { actionRequest } from "./action-request";
import type { Attempt } from "./automations.schema";
import { automationDeliveries, automations, sinkEvents } from "./automations.sql";
import { MAX_ATTEMPTS, nextAttemptAt } from "./backoff";
import { sendRequest } from "./send-request";

/** Targets called at once by one run: a hanging one holds a lane for its time limit, not the run. */
const CONCURRENCY = 16;
/** Due deliveries one run leases at most. */
const DUE_PER_RUN = 200;
/** What a run's lease adds to its attempts: the statements around them, and a margin. */
const LEASE_MARGIN_MS = 60_000;

export type DeliverDeps = Pick<Deps, "db" | "clock" | "log" | "keyRing" | "outbound" | "config">;
export type DeliveryRow = typeof automationDeliveries.$inferSelect;
/** What an attempt needs of a delivery. */
export type LeasedDelivery = Pick<DeliveryRow, "seq" | "id" | "automationId" | "attempts" | "envelope">;
type AutomationRow = typeof automations.$inferSelect;

/**
 * Attempts the deliveries that are due (all of them, or only `ids`), each once, and records the outcome
 * with the next attempt's time (docs/automations.md, "Deliveries and retries"). Deliveries are leased in a short
 * transaction and sent outside it, so overlapping runs never send one at once and no lock waits on a target.
 */
export async function attemptDueDeliveries(
  deps: DeliverDeps,
  options: {
    ids?: readonly string[];
    limit?: number /** One attempt, no retries (a test send). */;
    once?: boolean;
    /** When the run is stopped (a Lambda function's time limit); none: it may take as long as its attempts. */
    deadline?: Date;
  } = {},
): Promise<{ attempted: number; succeeded: number; failed: number; more: boolean }> {
  const limit = options.limit ?? DUE_PER_RUN;
  const due = await leaseDue(deps, { ...options, limit });
  if (due.length === 0) return { attempted: 0, succeeded: 0, failed: 0, more: false };
  const targets = await deps.db
    .select()
    .from(automations)
    .where(inArray(automations.id, [...new Set(due.map((d) => d.automationId))]));
  const run = await attemptLeased(deps, due, new Map(targets.map((t) => [t.id, t])), {
    once: options.once ?? false,
    deadline: options.deadline,
  });
  // A full lease may have left due deliveries behind, and the deadline some of the leased: the caller may run
  // again at once.
  const more = (!options.ids && due.length === limit) || run.givenBack > 0;
  return { attempted: run.attempted, succeeded: run.succeeded, failed: run.failed, more };
}

/**
 * Attempts deliveries this run holds the lease of, their automations at hand, then records every outcome in
 * one statement (a run that dies before it leaves the leases to expire: the deliveries are sent again). With a
 * deadline, an attempt after the first round starts only if its time limit ends before it, less the time the
 * statements after take; the deliveries it leaves are given back, due at once for the next run
 * (docs/automations.md, "Deliveries and retries").
 */
export async function attemptLeased(
  deps: DeliverDeps,
  leased: readonly LeasedDelivery[],
  automationsById: ReadonlyMap<string, AutomationRow>,
  options: { once?: boolean; deadline?: Date | undefined } = {},
) {
  const outcomes: Outcome[] = [];
  const left: number[] = [];
  let started = 0;
  // An attempt takes at most the outbound time limit; the outcomes are recorded after the last one.
  const attemptMs = deps.outbound.timeoutMs + RECORD_MARGIN_MS;
  // Each automation's secret is opened once per run, not once per delivery (AES-GCM under the key ring).
  const secrets = new Map<string, Secret>();
  const secretOf = (automation: AutomationRow) =>
    secrets.get(automation.id) ?? secrets.set(automation.id, openSecret(deps, automation)).get(automation.id)!;
  await eachLimit(leased, CONCURRENCY, async (delivery) => {
    const automation = automationsById.get(delivery.automationId);
    if (!automation) return; // deleted meanwhile: its deliveries went with it
    // The first round always starts, so that a run makes progress whatever the time limits.
    if (started >= CONCURRENCY && !fitsBefore(deps.clock, options.deadline, attemptMs)) {
      left.push(delivery.seq);
      return;
    }
    started++;
    const result = await attemptOne(deps, delivery, automation, secretOf(automation));
    outcomes.push(outcomeOf(deps, delivery, result, options.once ?? false));
  });
  await recordOutcomes(deps, outcomes);
  await giveBack(deps, left);
  return {
    attempted: outcomes.length,
    succeeded: outcomes.filter((o) => o.status === "succeeded").length,
    failed: outcomes.filter((o) => o.status === "failed").length,
    givenBack: left.length,
  };
}

/** The leases of deliveries a run did not attempt, ended: they are due again for the next run. */
async function giveBack(deps: DeliverDeps, seqs: readonly number[]): Promise<void> {
  if (seqs.length === 0) return;
  await deps.db
    .update(automationDeliveries)
    .set({ leasedUntil: null })
    .where(inArray(automationDeliveries.seq, [...seqs]));
}

/**
 * The end of a run's lease on `count` deliveries: long enough for each of the run's lanes to spend every attempt
 * it takes at the time limit (`attemptMs`), so that no other run sends one of them while this run still may
 * (docs/automations.md, "Deliveries and retries"). 200 deliveries at 10 s: 13 rounds, 190 s with the margin.
 */
export function leaseEnd(now: Date, count: number, attemptMs: number): Date {
  const rounds = Math.ceil(Math.max(count, 1) / CONCURRENCY);
  return new Date(now.getTime() + rounds * attemptMs + LEASE_MARGIN_MS);
}

/**
 * One statement: the due deliveries no one holds, leased (SKIP LOCKED keeps overlapping runs apart), each with only
 * what its attempt reads.
 */
async function leaseDue(
  deps: DeliverDeps,
  options: { ids?: readonly string[]; limit: number },
): Promise<LeasedDelivery[]> {
  if (options.ids && options.ids.length === 0) return [];
  const now = deps.clock.now();
  const limit = options.limit;
  const due = deps.db
    .select({ seq: automationDeliveries.seq })
    .from(automationDeliveries)
    .where(
      and(
        eq(automationDeliveries.status, "pending"),
        lte(automationDeliveries.nextAttemptAt, now),
        or(isNull(automationDeliveries.leasedUntil), lt(automationDeliveries.leasedUntil, now)),
        options.ids ? inArray(automationDeliveries.id, [...options.ids]) : undefined,
      ),
    )
    .orderBy(automationDeliveries.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  // The lease is set in the statement that takes the rows, so it plans for as many as may be taken.
  const most = Math.min(limit, options.ids?.length ?? limit);
  return deps.db
    .update(automationDeliveries)
    .set({ leasedUntil: leaseEnd(now, most, deps.outbound.timeoutMs) })
    .where(inArray(automationDeliveries.seq, due))
    .returning({
      seq: automationDeliveries.seq,
      id: automationDeliveries.id,
      automationId: automationDeliveries.automationId,
      attempts: automationDeliveries.attempts,
      envelope: automationDeliveries.envelope,
    });
}

type Result = Awaited<ReturnType<typeof sendRequest>> & { at: Date };

/** An automation's secret opened (null: it has none), or why it cannot be. */
type Secret = { value: string | null } | { error: string };

function openSecret(deps: DeliverDeps, automation: AutomationRow): Secret {
  try {
    return { value: automation.secretSealed ? deps.keyRing.decrypt(automation.secretSealed) : null };
  } catch (e) {
    // A secret no key of the ring opens is the operator's to fix (docs/secrets.md); retrying will not help.
    deps.log.error("automation secret cannot be opened", {
      automationId: automation.id,
      error: e instanceof Error ? e.message : String(e),
    });
    return { error: "the automation's secret cannot be opened with the key ring" };
  }
}

/** Sends one delivery. */
async function attemptOne(
  deps: DeliverDeps,
  delivery: LeasedDelivery,
  automation: AutomationRow,
  secret: Secret,
): Promise<Result> {
  const at = deps.clock.now();
  if ("error" in secret)
    return { ok: false, retryable: false, responseStatus: null, error: secret.error, durationMs: 0, at };
  const request = actionRequest(
    automation,
    secret.value,
    delivery.envelope as EventEnvelope,
    at,
    deps.config.githubApiUrl,
  );
  return { ...(await sendRequest(deps, request)), at };
}

interface Outcome {
  seq: number;
  status: DeliveryRow["status"];
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  nextAttemptAt: string | null;
  entry: Attempt;
}

/** What an attempt makes of its delivery: done, failed for good, or due again after the backoff. */
function outcomeOf(deps: DeliverDeps, delivery: LeasedDelivery, result: Result, once: boolean): Outcome {
  const attempts = delivery.attempts + 1;
  const next =
    result.ok || !result.retryable || once || attempts >= MAX_ATTEMPTS
      ? null
      : nextAttemptAt(attempts, deps.clock.now());
  const status = result.ok ? "succeeded" : next ? "pending" : "failed";
  if (!result.ok)
    deps.log.warn("automation delivery attempt failed", {
      automationId: delivery.automationId,
      deliveryId: delivery.id,
      attempt: attempts,
      status,
      error: result.error,
    });
  const entry: Attempt = {
    attempt: attempts,
    at: result.at.toISOString(),
    responseStatus: result.responseStatus,
    error: result.error,
    durationMs: result.durationMs,
  };
  return {
    seq: delivery.seq,
    status,
    attempts,
    responseStatus: result.responseStatus,
    error: result.error,
    durationMs: result.durationMs,
    nextAttemptAt: next?.toISOString() ?? null,
    entry,
  };
}

async function recordOutcomes(deps: DeliverDeps, outcomes: readonly Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await deps.db.execute(sql`
    UPDATE automation_deliveries AS d SET
      status = o.status, attempts = o.attempts, response_status = o.response_status, error = o.error, duration_ms = o.duration_ms,
      next_attempt_at = o.next_attempt_at, leased_until = NULL, attempt_log = d.attempt_log || jsonb_build_array(o.entry), updated_at = ${deps.clock.now().toISOString()}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(outcomes.map((o) => ({ seq: o.seq, status: o.status, attempts: o.attempts, response_status: o.responseStatus, error: o.error, duration_ms: o.durationMs, next_attempt_at: o.nextAttemptAt, entry: o.entry })))}::jsonb)
      AS o(seq bigint, status text, attempts int, response_status int, error text, duration_ms int, next_attempt_at timestamptz, entry jsonb)
    WHERE d.seq = o.seq`);
}

/**
 * Clears the leases of deliveries and sink events (docs/automations.md, "Crashes"). Only for a process that
 * owns its store, at start: nothing else can be sending, so a lease left by a killed process holds nothing.
 */
export async function releaseLeases(deps: Pick<Deps, "db">): Promise<void> {
  await deps.db
    .update(automationDeliveries)
    .set({ leasedUntil: null })
    .where(isNotNull(automationDeliveries.leasedUntil));
  await deps.db.update(sinkEvents).set({ leasedUntil: null }).where(isNotNull(sinkEvents.leasedUntil));
}
