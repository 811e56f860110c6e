import { and, asc, desc, eq, lt, type SQL } from "drizzle-orm";
import * as z from "zod";
import type { Deps } from "../platform/deps";
import { decodeCursor, encodeCursor, type Page } from "../platform/pagination";
import { auditLog } from "./audit.sql";

export interface AuditEntry {
  id: string;
  actor: { type: string; id: string };
  action: string;
  target: { type: string; id: string };
  details: unknown;
  createdAt: string;
}

const Cursor = z.object({ seq: z.number().int() });

/** Newest first; `action` and `targetType` narrow the list. */
export async function listAuditEntries(
  deps: Pick<Deps, "db">,
  projectId: string,
  query: { limit: number; cursor?: string; action?: string; targetType?: string },
): Promise<Page<AuditEntry>> {
  const where: SQL[] = [eq(auditLog.projectId, projectId)];
  if (query.cursor) where.push(lt(auditLog.seq, decodeCursor(query.cursor, Cursor).seq));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.targetType) where.push(eq(auditLog.targetType, query.targetType));
  const rows = await deps.db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.seq), asc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: r.id,
      actor: { type: r.actorType, id: r.actorId },
      action: r.action,
      target: { type: r.targetType, id: r.targetId },
      details: r.details ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ seq: last.seq }) : null,
  };
}
