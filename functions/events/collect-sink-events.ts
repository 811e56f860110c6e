import * as Automations from "@core/automations";
import { eventConsumer } from "../_lib/event-consumer";

/** Queues trace and score events for the project's event sink; the flush schedule sends them in batches. */
export const handler = eventConsumer("event-sink", [], (deps, events) => Automations.collectSinkEvents(deps, events));
