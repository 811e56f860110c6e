import type { Deps } from "../platform/deps";
import { SINK_TRIGGERS, sinkOf } from "./event-sink";
import { enabledAutomations } from "./manage-automations";

/**
 * The triggers anything of the project listens to: its enabled automations' and, for a sink that takes them,
 * `trace.created` and `score.created`. The ingest worker emits those two only when listed here, so a project
 * without automations pays nothing for them (docs/automations.md, "Events").
 */
export async function activeTriggers(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
): Promise<Set<string>> {
  const [automations, sink] = await Promise.all([enabledAutomations(deps, projectId), sinkOf(deps, projectId)]);
  const triggers = new Set(automations.map((a) => a.trigger));
  if (sink?.enabled)
    for (const t of SINK_TRIGGERS) if ((sink.events as string[]).includes(t.split(".")[0]!)) triggers.add(t);
  return triggers;
}
