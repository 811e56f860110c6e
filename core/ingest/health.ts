import type { Deps } from "../platform/deps";
import { countWaitingDeadLetters, lastReplay } from "./dead-letters";

/**
 * Ingest health as a project sees it: the shared queues' depths and the
 * project's own dead letters waiting for a replay.
 */
export async function ingestHealth(deps: Pick<Deps, "db" | "queues">, projectId: string) {
  const [queue, dlq, waiting, replay] = await Promise.all([
    deps.queues.ingest.stats(),
    deps.queues.ingestDeadLetters.stats(),
    countWaitingDeadLetters(deps, projectId),
    lastReplay(deps, projectId),
  ]);
  return {
    status: dlq.depth + dlq.inFlight > 0 ? ("degraded" as const) : ("ok" as const),
    queueDepth: queue.depth,
    queueInFlight: queue.inFlight,
    oldestQueuedAgeSeconds: queue.oldestAgeSeconds ?? null,
    dlqDepth: dlq.depth + dlq.inFlight,
    projectDeadLetters: waiting,
    lastReplay: replay,
  };
}
