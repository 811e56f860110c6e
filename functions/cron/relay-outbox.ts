import * as Audit from "@core/audit";
import { cron } from "../_lib/cron";
import { bus } from "../_runtime/ports/bus";

/**
 * Every minute: publishes pending outbox events on the event bus, claiming no batch it may not finish before the
 * function's time limit (docs/automations.md, "Events").
 */
export const handler = cron("relay-outbox", [bus], (deps, _event, deadline) => Audit.relayOutbox(deps, { deadline }));
