import { eq, gt } from "drizzle-orm";
import * as Audit from "../audit";
import * as Media from "../media";
import type { Deps } from "../platform/deps";
import type { Principal } from "../platform/principal";
import * as Telemetry from "../telemetry";
import { retentionPolicies } from "./retention.sql";

type Retainer = Pick<Deps, "telemetry" | "blobs" | "db" | "clock" | "ids">;
const DAY_MS = 86_400_000;
const CHUNK = 5_000;

export interface RetentionPolicyView {
  maxAgeDays: number;
  updatedAt: string | null;
  lastAppliedAt: string | null;
}

/** The project's retention policy; 0 (keep forever) when none was set. */
export async function getRetention(deps: Pick<Deps, "db">, projectId: string): Promise<RetentionPolicyView> {
  const [row] = await deps.db.select().from(retentionPolicies).where(eq(retentionPolicies.projectId, projectId));
  return {
    maxAgeDays: row?.maxAgeDays ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    lastAppliedAt: row?.lastAppliedAt?.toISOString() ?? null,
  };
}

/** Sets the project's retention (0 keeps forever); audited. It takes effect at the next apply (API or the daily job). */
export async function putRetention(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  input: { maxAgeDays: number },
): Promise<RetentionPolicyView> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(retentionPolicies)
      .values({ projectId: principal.projectId, maxAgeDays: input.maxAgeDays, updatedAt: now })
      .onConflictDoUpdate({
        target: retentionPolicies.projectId,
        set: { maxAgeDays: input.maxAgeDays, updatedAt: now },
      });
    await Audit.recordChange({ ...deps, db: tx }, principal, {
      action: "retention.updated",
      target: { type: "project", id: principal.projectId },
      details: { maxAgeDays: input.maxAgeDays },
    });
  });
  return getRetention(deps, principal.projectId);
}

export interface RetentionResult {
  maxAgeDays: number;
  cutoff: string | null;
  deleted: { traces: number; observations: number; scores: number; payloadBlobs: number; batchBlobs: number };
}

// The cutoff travels as epoch milliseconds: ClickHouse rewrites a DateTime64 parameter before 1970 into
// text it cannot read back inside a mutation (a policy of 100 years reaches back to the 1920s).
const CUTOFF = "fromUnixTimestamp64Milli({cutoffMs:Int64}, 'UTC')";
const OLD_TRACES = `SELECT id FROM traces WHERE project_id = {projectId:String} AND timestamp < ${CUTOFF}`;

/**
 * Deletes what the project's policy no longer keeps: traces whose time (their earliest
 * event) is before now − maxAgeDays, with all their observations and scores, scores
 * without a trace older than that, the offloaded payloads of those traces, and raw event
 * batches received on days before the cutoff's day. Telemetry rows go through
 * `ALTER TABLE … DELETE` (a mutation that rewrites the parts, so the bytes leave the disk);
 * then their rows in the relational trace mirror.
 * A trace's folded time is the minimum over its rows, so "some row is older" is exact.
 */
export async function applyRetention(
  deps: Retainer,
  actor: Principal | { projectId: string; system: string },
): Promise<RetentionResult> {
  const projectId = actor.projectId;
  const { maxAgeDays } = await getRetention(deps, projectId);
  const none = { traces: 0, observations: 0, scores: 0, payloadBlobs: 0, batchBlobs: 0 };
  if (maxAgeDays === 0) return { maxAgeDays, cutoff: null, deleted: none };
  const now = deps.clock.now();
  const cutoffDate = new Date(now.getTime() - maxAgeDays * DAY_MS);
  const params = { projectId, cutoffMs: cutoffDate.getTime() };

  // The old traces, read once: they decide the counts, the payloads to delete and the mirror rows to
  // forget (the latter only after the rows are gone, see Telemetry.forgetTraces).
  const [oldTraceIds, oldScoreIds, [counts]] = await Promise.all([
    deps.telemetry.query<{ id: string }>(`SELECT DISTINCT id FROM (${OLD_TRACES})`, params),
    deps.telemetry.query<{ id: string }>(
      `SELECT DISTINCT id FROM scores WHERE project_id = {projectId:String} AND trace_id = '' AND timestamp < ${CUTOFF}`,
      params,
    ),
    deps.telemetry.query<{ o: number; s: number }>(
      `SELECT (SELECT toUInt32(uniqExact(trace_id, id)) FROM observations WHERE project_id = {projectId:String} AND trace_id IN (${OLD_TRACES})) AS o,
         (SELECT toUInt32(uniqExact(trace_id, id)) FROM scores WHERE project_id = {projectId:String}
            AND (trace_id IN (${OLD_TRACES}) OR (trace_id = '' AND timestamp < ${CUTOFF}))) AS s`,
      params,
    ),
  ]);
  const old = new Set(oldTraceIds.map((r) => r.id));
  // Payloads live under payloads/<project>/<traceId>/…
  const expired = (await deps.blobs.list(`payloads/${projectId}/`)).filter((key) => old.has(key.split("/")[2] ?? ""));

  await Promise.all([
    deps.telemetry.command(
      `ALTER TABLE observations DELETE WHERE project_id = {projectId:String} AND trace_id IN (${OLD_TRACES})`,
      params,
    ),
    deps.telemetry.command(
      `ALTER TABLE scores DELETE WHERE project_id = {projectId:String} AND (trace_id IN (${OLD_TRACES}) OR (trace_id = '' AND timestamp < ${CUTOFF}))`,
      params,
    ),
  ]);
  // Every row of an old trace goes, also partial rows that carry a later time.
  await deps.telemetry.command(
    `ALTER TABLE traces DELETE WHERE project_id = {projectId:String} AND id IN (${OLD_TRACES})`,
    params,
  );
  if (expired.length) await deps.blobs.delete(expired);
  await Media.forgetTraceMedia(deps, projectId, [...old]);
  for (let i = 0; i < oldTraceIds.length; i += CHUNK)
    await Telemetry.forgetTraces(
      deps,
      projectId,
      oldTraceIds.slice(i, i + CHUNK).map((r) => r.id),
    );
  for (let i = 0; i < oldScoreIds.length; i += CHUNK)
    await Telemetry.forgetTraces(
      deps,
      projectId,
      oldScoreIds.slice(i, i + CHUNK).map((r) => r.id),
      "score",
    );

  // Batch keys are batches/<project>/<yyyy-mm-dd>/<uuid>.json: a whole day goes once it is entirely before the cutoff.
  const cutoffDay = cutoffDate.toISOString().slice(0, 10);
  const batches = (await deps.blobs.list(`batches/${projectId}/`)).filter((k) => {
    const day = k.split("/")[2] ?? "";
    return /^\d{4}-\d{2}-\d{2}$/.test(day) && day < cutoffDay;
  });
  if (batches.length) await deps.blobs.delete(batches);

  const deleted = {
    traces: old.size,
    observations: Number(counts!.o),
    scores: Number(counts!.s),
    payloadBlobs: expired.length,
    batchBlobs: batches.length,
  };
  await deps.db.transaction(async (tx) => {
    await tx.update(retentionPolicies).set({ lastAppliedAt: now }).where(eq(retentionPolicies.projectId, projectId));
    await Audit.recordChange({ ...deps, db: tx }, actor, {
      action: "retention.applied",
      target: { type: "project", id: projectId },
      details: { maxAgeDays, cutoff: cutoffDate.toISOString(), ...deleted },
    });
  });
  return { maxAgeDays, cutoff: cutoffDate.toISOString(), deleted };
}

/** The daily job: applies every project's policy that keeps less than forever. */
export async function applyAllRetention(
  deps: Retainer,
): Promise<{ projects: number; deleted: RetentionResult["deleted"] }> {
  const policies = await deps.db
    .select({ projectId: retentionPolicies.projectId })
    .from(retentionPolicies)
    .where(gt(retentionPolicies.maxAgeDays, 0));
  const total = { traces: 0, observations: 0, scores: 0, payloadBlobs: 0, batchBlobs: 0 };
  for (const p of policies) {
    const r = await applyRetention(deps, { projectId: p.projectId, system: "retention" });
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r.deleted[k];
  }
  return { projects: policies.length, deleted: total };
}
