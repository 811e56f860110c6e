import * as Audit from "@core/audit";
import { cron } from "../_lib/cron";
import { bus } from "../_runtime/ports/bus";

/** Every minute: publishes pending outbox events on the event bus (docs/automations.md, "Events"). */
export const handler = cron("relay-outbox", [bus], (deps) => Audit.relayOutbox(deps));
