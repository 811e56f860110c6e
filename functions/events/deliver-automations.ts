import * as Automations from "@core/automations";
import { eventConsumer } from "../_lib/event-consumer";
import { outbound } from "../_runtime/ports/outbound";

/** Records the deliveries of events for every automation that takes them, and attempts them at once. */
export const handler = eventConsumer("automations", [outbound], (deps, events, deadline) =>
  Automations.deliverEvents(deps, events, deadline),
);
