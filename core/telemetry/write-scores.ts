import type { Deps } from "../platform/deps";
import type { CreatedListeners } from "./created-events";
import { mergeEvents } from "./merge-events";
import { writeRows } from "./write-rows";

export interface ScoreWrite {
  /** Deterministic ids make a re-run overwrite its earlier score. */
  id: string;
  traceId: string;
  observationId?: string | null;
  sessionId?: string | null;
  name: string;
  dataType: "NUMERIC" | "CATEGORICAL" | "BOOLEAN";
  /** NUMERIC: the value; BOOLEAN: 1 or 0; CATEGORICAL: the label. */
  value: number | string;
  source: "API" | "EVAL" | "ANNOTATION";
  comment?: string | null;
  /** The score config it fits (docs/scores.md). */
  configId?: string | null;
  metadata?: Record<string, unknown> | null;
  environment?: string | null;
  timestamp: Date;
}

/**
 * Writes scores produced inside the service (evaluators, reviews) straight to the
 * telemetry store, through the same merge as ingested scores, so they show on the
 * trace next to API scores. Writing the same id again replaces the earlier values.
 */
export async function writeScores(
  deps: Pick<Deps, "db" | "telemetry" | "blobs" | "clock">,
  projectId: string,
  scores: readonly ScoreWrite[],
  listeners?: CreatedListeners,
): Promise<void> {
  if (scores.length === 0) return;
  const receivedAt = deps.clock.now().toISOString();
  const merged = mergeEvents([
    {
      projectId,
      receivedAt,
      events: scores.map((s) => ({
        id: s.id,
        type: "score-create",
        timestamp: s.timestamp.toISOString(),
        body: {
          id: s.id,
          traceId: s.traceId,
          observationId: s.observationId ?? undefined,
          sessionId: s.sessionId ?? undefined,
          name: s.name,
          dataType: s.dataType,
          value: s.dataType === "BOOLEAN" ? s.value === 1 : s.value,
          source: s.source,
          comment: s.comment ?? undefined,
          configId: s.configId ?? undefined,
          metadata: s.metadata ?? undefined,
          environment: s.environment ?? undefined,
          timestamp: s.timestamp.toISOString(),
        },
      })),
    },
  ]);
  await writeRows(deps, merged, listeners);
}
