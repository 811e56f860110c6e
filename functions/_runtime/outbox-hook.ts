import * as Audit from "@core/audit";
import type { Deps } from "@core/platform/deps";
import type { BaseDeps } from "./ports";

type Relay = (deps: BaseDeps & Partial<Deps>) => Promise<void>;

let installed: Relay | undefined;

/** The local runtime relays in the background, off the request's path (functions/local/app.ts). */
export function installOutboxRelay(relay: Relay): void {
  installed = relay;
}

/**
 * After a handler whose work appended outbox events (docs/automations.md, "Events"): the local runtime's
 * relay, or on Lambda an inline relay when the function carries the event bus. Other functions leave their
 * events to the relay schedule (every minute).
 */
export async function afterInvocation(deps: BaseDeps & Partial<Deps>): Promise<void> {
  if (!Audit.outboxSignal.take()) return;
  if (installed) return installed(deps);
  if (!deps.bus) return;
  try {
    await Audit.relayOutbox({ ...deps, bus: deps.bus });
  } catch (e) {
    // The events are committed: the schedule relays them if this could not.
    deps.log.warn("relay after the request failed", { error: e instanceof Error ? e.message : String(e) });
  }
}
