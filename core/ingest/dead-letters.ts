import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import * as z from "zod";
import { isUniqueViolation } from "../platform/db-errors";
import type { Deps } from "../platform/deps";
import { conflict } from "../platform/errors";
import { DEAD_LETTER_ERROR, type GivenUp } from "../platform/jobs";
import { decodeCursor, encodeCursor, type Page } from "../platform/pagination";
import type { Principal } from "../platform/principal";
import { IngestJob, type IngestQueueMessage, type ReplayJob } from "./ingest.jobs";
import { deadLetterReplays, deadLetters } from "./ingest.sql";

/** A replay still "running" after this long died with its worker; a new one may start. */
const STALE_REPLAY_MS = 15 * 60 * 1000;

export interface DeadLetterView {
  id: string;
  blobKey: string;
  error: string;
  unrecoverable: boolean;
  attempts: number;
  deadLetteredAt: string;
  replayedAt: string | null;
}

/** Remembers, per project, a batch the worker gave up on (the queue holds the message itself). */
export async function recordDeadLetter(
  deps: Pick<Deps, "db" | "clock">,
  entry: { id: string; projectId: string; blobKey: string; error: string; unrecoverable: boolean; attempts: number },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .insert(deadLetters)
    .values({ ...entry, deadLetteredAt: now })
    .onConflictDoUpdate({
      target: [deadLetters.projectId, deadLetters.blobKey],
      set: {
        error: entry.error,
        unrecoverable: entry.unrecoverable,
        attempts: entry.attempts,
        deadLetteredAt: now,
        replayedAt: null,
      },
    });
}

/**
 * Records a job the queue edge gave up on (docs/ingest.md, "Dead letters"): an ingest batch becomes a
 * dead letter of its project; a replay that keeps failing is already marked failed by the replay itself.
 */
export async function recordGivenUp(
  deps: Pick<Deps, "db" | "clock" | "log">,
  letter: GivenUp<IngestQueueMessage>,
): Promise<void> {
  const { job } = letter;
  if ("kind" in job) {
    deps.log.error("replay job given up", { projectId: job.projectId, replayId: job.replayId, error: letter.error });
    return;
  }
  await recordDeadLetter(deps, {
    id: letter.id,
    projectId: job.projectId,
    blobKey: job.blobKey,
    error: letter.error.slice(0, 2000),
    unrecoverable: letter.unrecoverable,
    attempts: letter.attempts,
  });
}

export async function listDeadLetters(
  deps: Pick<Deps, "db">,
  projectId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<DeadLetterView>> {
  const after = page.cursor ? decodeCursor(page.cursor, z.object({ at: z.string(), id: z.string() })) : null;
  const rows = await deps.db
    .select()
    .from(deadLetters)
    .where(
      and(
        eq(deadLetters.projectId, projectId),
        after
          ? sql`(${deadLetters.deadLetteredAt}, ${deadLetters.id}) < (${new Date(after.at)}, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(deadLetters.deadLetteredAt), desc(deadLetters.id))
    .limit(page.limit + 1);
  const data = rows.slice(0, page.limit).map((r) => ({
    id: r.id,
    blobKey: r.blobKey,
    error: r.error,
    unrecoverable: r.unrecoverable,
    attempts: r.attempts,
    deadLetteredAt: r.deadLetteredAt.toISOString(),
    replayedAt: r.replayedAt?.toISOString() ?? null,
  }));
  const last = rows.length > page.limit ? data[data.length - 1] : undefined;
  return { data, nextCursor: last ? encodeCursor({ at: last.deadLetteredAt, id: last.id }) : null };
}

/** Dead letters waiting for a replay: recoverable and not replayed yet. */
export async function countWaitingDeadLetters(deps: Pick<Deps, "db">, projectId: string): Promise<number> {
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(deadLetters)
    .where(and(eq(deadLetters.projectId, projectId), isNull(deadLetters.replayedAt)));
  return Number(row?.n ?? 0);
}

/**
 * Starts a replay of the project's dead letters: one at a time per project (409
 * otherwise), carried out by the ingest worker so the answer (202) does not wait.
 */
export async function startReplay(
  deps: Pick<Deps, "db" | "clock" | "ids" | "queues">,
  principal: Principal,
): Promise<{ replayId: string; status: "running" }> {
  const now = deps.clock.now();
  await deps.db
    .update(deadLetterReplays)
    .set({ status: "failed", error: "abandoned: the worker did not finish it", finishedAt: now })
    .where(
      and(
        eq(deadLetterReplays.projectId, principal.projectId),
        eq(deadLetterReplays.status, "running"),
        lt(deadLetterReplays.createdAt, new Date(now.getTime() - STALE_REPLAY_MS)),
      ),
    );
  const replayId = deps.ids.uuid();
  try {
    await deps.db
      .insert(deadLetterReplays)
      .values({ id: replayId, projectId: principal.projectId, status: "running", createdAt: now });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict("A dead-letter replay is already running for this project");
    throw e;
  }
  const job: ReplayJob = { kind: "replay", projectId: principal.projectId, replayId };
  await deps.queues.ingest.send([{ body: JSON.stringify(job) }]);
  return { replayId, status: "running" };
}

/**
 * Moves the project's recoverable dead letters back onto the ingest queue. Other
 * projects' messages are held while the queue is scanned and then released untouched; an
 * `unrecoverable:` batch is never replayed (its client must re-send).
 */
export async function runReplay(
  deps: Pick<Deps, "db" | "clock" | "queues" | "log">,
  job: ReplayJob,
): Promise<{ replayed: number; skipped: number }> {
  let replayed = 0;
  let skipped = 0;
  const dlq = deps.queues.ingestDeadLetters;
  const held: string[] = [];
  try {
    for (let round = 0; round < 1000; round++) {
      const messages = await dlq.receive({ max: 10, visibilitySeconds: 60, waitSeconds: 0 });
      if (messages.length === 0) break;
      for (const m of messages) {
        const parsed = IngestJob.safeParse(safeJson(m.body));
        if (!parsed.success || parsed.data.projectId !== job.projectId) {
          held.push(m.receipt);
          continue;
        }
        if ((m.attributes[DEAD_LETTER_ERROR] ?? "").startsWith("unrecoverable:")) {
          skipped++;
          held.push(m.receipt);
          continue;
        }
        await deps.queues.ingest.send([{ body: m.body }]);
        await dlq.ack(m.receipt);
        await deps.db
          .update(deadLetters)
          .set({ replayedAt: deps.clock.now() })
          .where(and(eq(deadLetters.projectId, job.projectId), eq(deadLetters.blobKey, parsed.data.blobKey)));
        replayed++;
      }
    }
    await finish(deps, job, { status: "done", replayed, skipped });
  } catch (e) {
    await releaseAll(dlq, held);
    await finish(deps, job, { status: "failed", replayed, skipped, error: e instanceof Error ? e.message : String(e) });
    throw e;
  }
  // Messages left in place become visible again at once, for the next replay and for health.
  await releaseAll(dlq, held);
  return { replayed, skipped };
}

async function releaseAll(dlq: Deps["queues"]["ingestDeadLetters"], receipts: string[]) {
  await Promise.allSettled(receipts.map((r) => dlq.release(r, 0)));
  receipts.length = 0;
}

async function finish(
  deps: Pick<Deps, "db" | "clock">,
  job: ReplayJob,
  outcome: { status: "done" | "failed"; replayed: number; skipped: number; error?: string },
) {
  await deps.db
    .update(deadLetterReplays)
    .set({ ...outcome, error: outcome.error ?? null, finishedAt: deps.clock.now() })
    .where(and(eq(deadLetterReplays.id, job.replayId), eq(deadLetterReplays.projectId, job.projectId)));
}

/** The latest replay of the project, for the health answer. */
export async function lastReplay(deps: Pick<Deps, "db">, projectId: string) {
  const [row] = await deps.db
    .select()
    .from(deadLetterReplays)
    .where(eq(deadLetterReplays.projectId, projectId))
    .orderBy(desc(deadLetterReplays.createdAt))
    .limit(1);
  return row
    ? {
        id: row.id,
        status: row.status,
        replayed: row.replayed,
        skipped: row.skipped,
        error: row.error,
        startedAt: row.createdAt.toISOString(),
        finishedAt: row.finishedAt?.toISOString() ?? null,
      }
    : null;
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}
