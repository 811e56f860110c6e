import * as Automations from "@core/automations";
import { cron } from "../_lib/cron";
import { outbound } from "../_runtime/ports/outbound";

/**
 * Every minute: sends the event sinks' waiting events in batches, starting none that could outlast the function's
 * time limit (docs/automations.md, "Event sink").
 */
export const handler = cron("flush-event-sink", [outbound], (deps, _event, deadline) =>
  Automations.flushEventSinks(deps, { deadline }),
);
