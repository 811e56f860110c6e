import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import * as z from "zod";
import type { Deps } from "../platform/deps";
import { decodeCursor, encodeCursor, type Page } from "../platform/pagination";
import type { EXECUTION_STATUSES, EXECUTION_TRIGGERS, Execution } from "./evaluators.schema";
import { evaluatorExecutions } from "./evaluators.sql";
import { loadEvaluator } from "./read-evaluators";

export interface ExecutionRecord {
  trigger: (typeof EXECUTION_TRIGGERS)[number];
  traceId: string;
  observationId?: string | null;
  sessionId?: string | null;
  status: (typeof EXECUTION_STATUSES)[number];
  scoreId?: string | null;
  error?: string | null;
  startedAt: Date;
}

/** Appends one evaluation's outcome to its evaluator's execution log (docs/evaluators.md, "Execution log"). */
export async function recordExecution(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  projectId: string,
  evaluatorId: string,
  record: ExecutionRecord,
): Promise<void> {
  await recordManyExecutions(deps, projectId, [{ ...record, evaluatorId }]);
}

/** Appends outcomes of any evaluators of one project in one statement (an eval worker delivery). */
export async function recordManyExecutions(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  projectId: string,
  records: readonly (ExecutionRecord & { evaluatorId: string })[],
): Promise<void> {
  if (records.length === 0) return;
  const finishedAt = deps.clock.now();
  await deps.db.insert(evaluatorExecutions).values(
    records.map((record) => ({
      id: deps.ids.uuid(),
      projectId,
      evaluatorId: record.evaluatorId,
      trigger: record.trigger,
      traceId: record.traceId,
      observationId: record.observationId ?? null,
      sessionId: record.sessionId ?? null,
      status: record.status,
      scoreId: record.scoreId ?? null,
      error: record.error?.slice(0, 2000) ?? null,
      startedAt: record.startedAt,
      finishedAt,
    })),
  );
}

const Cursor = z.object({ startedAt: z.string(), id: z.string() });

/** An evaluator's executions, newest first; `status` and `trigger` narrow them. @throws not_found for an unknown evaluator */
export async function listExecutions(
  deps: Pick<Deps, "db">,
  projectId: string,
  name: string,
  query: { limit: number; cursor?: string; status?: Execution["status"]; trigger?: Execution["trigger"] },
): Promise<Page<Execution>> {
  const evaluator = await loadEvaluator(deps, projectId, name);
  const t = evaluatorExecutions;
  const where: SQL[] = [eq(t.projectId, projectId), eq(t.evaluatorId, evaluator.id)];
  if (query.status) where.push(eq(t.status, query.status));
  if (query.trigger) where.push(eq(t.trigger, query.trigger));
  if (query.cursor) {
    const c = decodeCursor(query.cursor, Cursor);
    const at = new Date(c.startedAt);
    where.push(or(lt(t.startedAt, at), and(eq(t.startedAt, at), lt(t.id, c.id)))!);
  }
  const rows = await deps.db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(desc(t.startedAt), desc(t.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: r.id,
      trigger: r.trigger,
      target: {
        traceId: r.traceId,
        ...(r.observationId ? { observationId: r.observationId } : {}),
        ...(r.sessionId ? { sessionId: r.sessionId } : {}),
      },
      status: r.status,
      scoreId: r.scoreId,
      error: r.error,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt.toISOString(),
    })),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ startedAt: last.startedAt.toISOString(), id: last.id }) : null,
  };
}
