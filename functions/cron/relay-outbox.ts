import * as Audit from "@core/audit";
import { cron } from "../_lib/cron";
import { subscribers } from "../subscribers";

/** Every minute: hands pending domain events to the subscribers (automations). */
export const handler = cron("relay-outbox", [], (deps) => Audit.relayOutbox(deps, subscribers));
