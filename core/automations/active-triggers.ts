import type { Deps } from "../platform/deps";
import type { EventEnvelope } from "../platform/ports";
import { SINK_TRIGGERS, sinkOf } from "./event-sink";
import { enabledAutomations } from "./manage-automations";
import { matches } from "./matches";

/** What a project's listeners take: the triggers anything listens to, and who takes one event. */
export interface TriggerTakers {
  has(trigger: string): boolean;
  /** The ids of the enabled automations that take one event. */
  automationsTaking(trigger: string, data: EventEnvelope["data"]): string[];
  /** Whether the project's sink takes events of the trigger. */
  sinkTakes(trigger: string): boolean;
}

/**
 * The triggers anything of the project listens to: its enabled automations' and, for a sink that takes them,
 * `trace.created` and `score.created`; and which automations take one event (filter and threshold hold) and
 * whether the sink takes its kind, as the consumers would decide when the event reached them. The writers of
 * those two record deliveries and events only for what takes them, so a project without automations, or
 * whose automations' filters hold for none of its traces, pays nothing for them (docs/automations.md, "Events").
 * Both reads are the cached ones the consumers use, so nothing is read per event.
 */
export async function activeTriggers(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
): Promise<TriggerTakers> {
  const [automations, sink] = await Promise.all([enabledAutomations(deps, projectId), sinkOf(deps, projectId)]);
  const sinkTakes = new Set<string>();
  if (sink?.enabled)
    for (const t of SINK_TRIGGERS) if ((sink.events as string[]).includes(t.split(".")[0]!)) sinkTakes.add(t);
  const triggers = new Set([...automations.map((a) => a.trigger), ...sinkTakes]);
  return {
    has: (trigger) => triggers.has(trigger),
    automationsTaking: (trigger, data) =>
      automations.filter((a) => matches(a, { type: trigger, data })).map((a) => a.id),
    sinkTakes: (trigger) => sinkTakes.has(trigger),
  };
}
