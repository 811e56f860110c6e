import * as Automations from "@core/automations";
import { cron } from "../_lib/cron";
import { outbound } from "../_runtime/ports/outbound";

/**
 * Every minute: attempts the automation deliveries whose retry is due, starting none that could outlast the
 * function's time limit (docs/automations.md, "Deliveries and retries").
 */
export const handler = cron("deliver-automations", [outbound], (deps, _event, deadline) =>
  Automations.attemptDueDeliveries(deps, { deadline }),
);
