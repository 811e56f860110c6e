import * as Audit from "@core/audit";
import * as Automations from "@core/automations";
import type { Deps } from "@core/platform/deps";
import type { BaseDeps } from "./ports";

/** What a job left for the background: outbox events to relay, deliveries recorded and due at once. */
export interface PendingWork {
  relay: boolean;
  deliver: boolean;
}

type Relay = (deps: BaseDeps & Partial<Deps>, work: PendingWork) => Promise<void>;

let installed: Relay | undefined;

/**
 * The local runtime relays and delivers in the background, off the request's path (functions/local/app.ts);
 * `undefined` leaves it to the bus, as on Lambda.
 */
export function installOutboxRelay(relay: Relay | undefined): void {
  installed = relay;
}

/**
 * After a handler whose work appended outbox events or recorded deliveries (docs/automations.md, "Events"): the
 * local runtime's background relay, or on Lambda, when the function carries the event bus, an inline relay and a
 * `deliveries.due` event per project that the automations consumer answers by attempting what is due. Other
 * functions leave both to their schedules (every minute). `deadline`: the invocation's, near which the inline
 * relay claims no batch (`relayOutbox`).
 */
export async function afterInvocation(deps: BaseDeps & Partial<Deps>, deadline?: Date): Promise<void> {
  const relay = Audit.outboxSignal.take();
  const due = Audit.deliveriesSignal.take();
  if (!relay && due.length === 0) return;
  if (installed) return installed(deps, { relay, deliver: due.length > 0 });
  if (!deps.bus) return;
  try {
    if (relay) await Audit.relayOutbox({ ...deps, bus: deps.bus }, { deadline });
    if (due.length) await deps.bus.publish(due.map((projectId) => Automations.deliveriesDue(deps, projectId)));
  } catch (e) {
    // The events and deliveries are committed: the schedules relay and attempt them if this could not.
    deps.log.warn("relay after the request failed", { error: e instanceof Error ? e.message : String(e) });
  }
}
