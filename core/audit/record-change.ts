import type { Deps } from "../platform/deps";
import type { Principal } from "../platform/principal";
import { auditLog, outboxEvents } from "./audit.sql";
import { outboxSignal } from "./outbox-signal";

export interface Change {
  action: string;
  target: { type: string; id: string };
  details?: Record<string, unknown>;
  /** Domain events caused by the change, for the automations. */
  events?: {
    type: string;
    payload: Record<string, unknown> /** A stable id makes a repeated append a no-op. */;
    id?: string;
  }[];
}

/**
 * Appends the audit entry and the change's domain events. Call it with the
 * transaction of the mutation itself, so that the three commit or fail together.
 */
export async function recordChange(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  actor: Pick<Principal, "projectId" | "keyId" | "userId"> | { projectId: string; system: string },
  change: Change,
): Promise<void> {
  const now = deps.clock.now();
  const [actorType, actorId] =
    "system" in actor
      ? (["system", actor.system] as const)
      : actor.userId
        ? (["user", actor.userId] as const)
        : (["api_key", actor.keyId] as const);
  await deps.db.insert(auditLog).values({
    id: deps.ids.uuid(),
    projectId: actor.projectId,
    actorType,
    actorId,
    action: change.action,
    targetType: change.target.type,
    targetId: change.target.id,
    details: change.details ?? null,
    createdAt: now,
  });
  if (change.events?.length) {
    await deps.db.insert(outboxEvents).values(
      change.events.map((e) => ({
        id: deps.ids.uuid(),
        projectId: actor.projectId,
        type: e.type,
        payload: e.payload,
        createdAt: now,
      })),
    );
    outboxSignal.raise();
  }
}

/** Appends domain events with no audit entry: what the system does by itself (an online evaluation), not a change someone made. */
export async function appendEvents(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  projectId: string,
  events: NonNullable<Change["events"]>,
): Promise<void> {
  if (events.length === 0) return;
  const now = deps.clock.now();
  await deps.db
    .insert(outboxEvents)
    .values(
      events.map((e) => ({ id: e.id ?? deps.ids.uuid(), projectId, type: e.type, payload: e.payload, createdAt: now })),
    )
    .onConflictDoNothing({ target: outboxEvents.id });
  outboxSignal.raise();
}
