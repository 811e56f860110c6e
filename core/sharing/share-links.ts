import { createHash } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { invalid, isAppError, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import * as Telemetry from "../telemetry";
import * as Traces from "../traces";
import type { CreateShareLinkInput, ShareLinkView } from "./sharing.schema";
import { shareLinks } from "./sharing.sql";

type Row = typeof shareLinks.$inferSelect;

/** 32 random bytes: 256 bits, far beyond guessing at any rate limit. */
const TOKEN_BYTES = 32;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

function view(r: Row, now: Date): ShareLinkView {
  const status = r.revokedAt ? "revoked" : r.expiresAt && r.expiresAt <= now ? "expired" : "active";
  return {
    id: r.id,
    traceId: r.traceId,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    status,
  };
}

async function requireTrace(deps: Pick<Deps, "telemetry">, projectId: string, traceId: string): Promise<void> {
  if (!(await Telemetry.storedTraceIds(deps, projectId, [traceId])).has(traceId)) throw notFound("Trace", traceId);
}

/**
 * Makes a link to one stored trace; the token is in this answer only, the store keeps its SHA-256.
 * @throws not_found for an unknown trace; invalid_input for an expiry not in the future.
 */
export async function createShareLink(
  deps: Pick<Deps, "db" | "telemetry" | "clock" | "ids">,
  principal: Principal,
  traceId: string,
  input: CreateShareLinkInput,
) {
  const now = deps.clock.now();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw invalid("Invalid body.expiresAt: must be in the future");
  await requireTrace(deps, principal.projectId, traceId);
  const token = deps.ids.token(TOKEN_BYTES);
  const row: Row = {
    id: deps.ids.uuid(),
    projectId: principal.projectId,
    traceId,
    tokenHash: hashOf(token),
    createdBy: principal.keyId,
    expiresAt,
    revokedAt: null,
    createdAt: now,
  };
  await deps.db.transaction(async (db) => {
    await db.insert(shareLinks).values(row);
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "share_link.created",
      target: { type: "share_link", id: row.id },
      details: { traceId, expiresAt: expiresAt?.toISOString() ?? null },
    });
  });
  return { ...view(row, now), token, path: `/shared/${token}` };
}

/** The trace's links, newest first, without tokens. @throws not_found for an unknown trace. */
export async function listShareLinks(
  deps: Pick<Deps, "db" | "telemetry" | "clock">,
  projectId: string,
  traceId: string,
): Promise<{ data: ShareLinkView[] }> {
  await requireTrace(deps, projectId, traceId);
  const rows = await deps.db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.projectId, projectId), eq(shareLinks.traceId, traceId)))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  const now = deps.clock.now();
  return { data: rows.map((r) => view(r, now)) };
}

/** Revokes a link of the trace; revoking it again changes nothing. @throws not_found */
export async function revokeShareLink(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  traceId: string,
  linkId: string,
): Promise<ShareLinkView> {
  const match = and(
    eq(shareLinks.projectId, principal.projectId),
    eq(shareLinks.traceId, traceId),
    eq(shareLinks.id, linkId),
  );
  const now = deps.clock.now();
  return deps.db.transaction(async (db) => {
    const [row] = await db.select().from(shareLinks).where(match);
    if (!row) throw notFound("Share link", linkId);
    if (row.revokedAt) return view(row, now);
    const [revoked] = await db.update(shareLinks).set({ revokedAt: now }).where(match).returning();
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "share_link.revoked",
      target: { type: "share_link", id: linkId },
      details: { traceId },
    });
    return view(revoked!, now);
  });
}

/** One answer for an unknown, revoked or expired token, and for a trace deleted since: nothing tells them apart. */
const gone = () => notFound("Share link");

/**
 * The trace behind a token, exactly as `GET /v1/traces/{id}` answers it, for anyone holding the link.
 * @throws not_found (`Share link not found`) for an unknown, revoked or expired token.
 */
export async function readSharedTrace(deps: Pick<Deps, "db" | "telemetry" | "blobs" | "clock">, token: string) {
  const [link] = await deps.db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.tokenHash, hashOf(token)));
  if (!link || link.revokedAt || (link.expiresAt && link.expiresAt <= deps.clock.now())) throw gone();
  let trace: Awaited<ReturnType<typeof Traces.getTrace>>;
  try {
    trace = await Traces.getTrace(deps, link.projectId, link.traceId);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw gone();
    throw error;
  }
  // A trace first received after the link was made is another trace under a reused id (the shared one was deleted,
  // then the id ingested again): the link never showed it, so it does not now.
  if (trace.createdAt !== null && Date.parse(trace.createdAt) > link.createdAt.getTime()) throw gone();
  return trace;
}
