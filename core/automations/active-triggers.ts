import type { Deps } from "../platform/deps";
import type { EventEnvelope } from "../platform/ports";
import { SINK_TRIGGERS, sinkOf } from "./event-sink";
import { enabledAutomations } from "./manage-automations";
import { matches } from "./matches";

/** What a project's listeners take: the triggers anything listens to, and whether anything takes one event. */
export interface TriggerTakers {
  has(trigger: string): boolean;
  takes(trigger: string, data: EventEnvelope["data"]): boolean;
  /** The ids of the enabled automations that take one event. */
  automationsTaking(trigger: string, data: EventEnvelope["data"]): string[];
  /** Whether the project's sink takes events of the trigger. */
  sinkTakes(trigger: string): boolean;
}

/**
 * The triggers anything of the project listens to: its enabled automations' and, for a sink that takes them,
 * `trace.created` and `score.created`; and whether one event would be taken by anything, which is what the
 * consumers decide when the event reaches them (an automation whose filter and threshold hold, or the sink).
 * The ingest worker appends those two only when something takes them, so a project without automations, or
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
    takes: (trigger, data) => sinkTakes.has(trigger) || automations.some((a) => matches(a, { type: trigger, data })),
    automationsTaking: (trigger, data) =>
      automations.filter((a) => matches(a, { type: trigger, data })).map((a) => a.id),
    sinkTakes: (trigger) => sinkTakes.has(trigger),
  };
}
