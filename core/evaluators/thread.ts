import type { Deps } from "../platform/deps";
import * as Telemetry from "../telemetry";
import { threadClaims } from "./automatic.sql";
import { bundled, type TargetJob } from "./eval.jobs";
import { DEFAULT_COOLDOWN_SECONDS } from "./evaluators.schema";
import { inSample, type OnlineEvaluator, onlineEvaluators } from "./online";

/** Quiet sessions one run of the job reads per project; the rest wait for the next minute. */
const SESSIONS_PER_RUN = 5_000;

const cooldownOf = (e: OnlineEvaluator) => (e.definition.cooldownSeconds ?? DEFAULT_COOLDOWN_SECONDS) * 1000;

/**
 * The `thread-cooldown` schedule (docs/evaluators.md, "Thread scope"): for each online thread evaluator, the
 * sessions of its project quiet for its `cooldownSeconds` whose newest trace it has not judged are claimed and
 * queued, one job each. A claim is a row keyed by (evaluator, session, newest trace): of two overlapping runs
 * only one inserts it, so a session is judged once per turn; a new turn (a newer trace) re-arms it. A session
 * every thread evaluator has claimed is settled, so later runs read only sessions with new activity.
 */
export async function runThreadCooldown(
  deps: Pick<Deps, "db" | "clock" | "queues">,
): Promise<{ sessions: number; queued: number }> {
  const all = await onlineEvaluators(deps, null, ["thread"]);
  const byProject = new Map<string, OnlineEvaluator[]>();
  for (const e of all) byProject.set(e.projectId, [...(byProject.get(e.projectId) ?? []), e]);
  let sessions = 0;
  let queued = 0;
  for (const [projectId, evaluators] of byProject) {
    const done = await coolProject(deps, projectId, evaluators);
    sessions += done.sessions;
    queued += done.queued;
  }
  return { sessions, queued };
}

async function coolProject(
  deps: Pick<Deps, "db" | "clock" | "queues">,
  projectId: string,
  evaluators: OnlineEvaluator[],
) {
  const now = deps.clock.now().getTime();
  const shortest = Math.min(...evaluators.map(cooldownOf));
  const longest = Math.max(...evaluators.map(cooldownOf));
  const quiet = await Telemetry.quietSessions(deps.db, projectId, new Date(now - shortest), SESSIONS_PER_RUN);
  if (quiet.length === 0) return { sessions: 0, queued: 0 };
  return deps.db.transaction(async (db) => {
    const jobs: TargetJob[] = [];
    for (const e of evaluators) {
      const due = quiet.filter(
        (s) =>
          s.lastActivityAt.getTime() <= now - cooldownOf(e) && inSample(s.sessionId, e.id, e.definition.samplingRate),
      );
      if (due.length === 0) continue;
      const claimed = await db
        .insert(threadClaims)
        .values(
          due.map((s) => ({
            evaluatorId: e.id,
            sessionId: s.sessionId,
            traceId: s.traceId,
            projectId,
            claimedAt: new Date(now),
          })),
        )
        .onConflictDoNothing()
        .returning({ sessionId: threadClaims.sessionId, traceId: threadClaims.traceId });
      for (const c of claimed)
        jobs.push({ projectId, evaluatorId: e.id, traceId: c.traceId, sessionId: c.sessionId, trigger: "thread" });
    }
    // Quiet for every evaluator: each has now claimed the newest trace (or left it out of its sample).
    await Telemetry.settleSessions(
      db,
      projectId,
      quiet.filter((s) => s.lastActivityAt.getTime() <= now - longest),
    );
    // In the transaction: a failed send releases the claims for the next run.
    if (jobs.length) await deps.queues.eval.send(bundled(jobs));
    return { sessions: quiet.length, queued: jobs.length };
  });
}
