import type { EventEnvelope } from "../platform/ports";

interface OutboxRow {
  id: string;
  projectId: string;
  type: string;
  payload: unknown;
  createdAt: Date;
}

/**
 * The public form of an outbox event (docs/automations.md, "Events"): what automations send and what the
 * bus carries. Producers store what they know; this names it as receivers see it.
 */
export function envelopeOf(row: OutboxRow): EventEnvelope {
  const payload = (row.payload ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    type: row.type,
    projectId: row.projectId,
    timestamp: row.createdAt.toISOString(),
    data: dataOf(row.type, payload),
  };
}

function dataOf(type: string, payload: Record<string, unknown>): Record<string, unknown> {
  if (type.startsWith("prompt.")) {
    const { projectId: _project, fromVersion, ...rest } = payload;
    return fromVersion === undefined ? rest : { ...rest, previousVersion: fromVersion };
  }
  if (type === "eval.completed") {
    const { evaluator, evaluatorVersion, kind, traceId, observationId, sessionId, score } = payload as Record<
      string,
      unknown
    > & { score?: { id?: string } };
    return {
      evaluator,
      evaluatorVersion,
      kind,
      scoreId: score?.id ?? null,
      target: { traceId, observationId: observationId ?? null, ...(sessionId ? { sessionId } : {}) },
      status: "completed",
      score,
    };
  }
  const { projectId: _project, ...rest } = payload;
  return rest;
}
