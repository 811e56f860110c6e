import { inProcessEventBus } from "@core/adapters/local/in-process-event-bus";
import type { EventBus, EventEnvelope, Log } from "@core/platform/ports";
import type { EventRuleDef } from "../event-rules";
import { loadHandler } from "./load-handler";

type Consumer = ((event: unknown, context: unknown) => Promise<unknown>) & {
  batch?: (events: EventEnvelope[]) => Promise<unknown>;
};

/**
 * The event-rule table as an in-process bus: each rule's handler module takes the events of its types from a
 * relay batch together (`eventConsumer`'s `batch`), the work EventBridge hands the same handler one event at a time.
 */
export function localEventBus(options: { root: string; rules: readonly EventRuleDef[]; log: Log }): EventBus {
  const consumers = options.rules.map((rule) => ({
    name: rule.name,
    types: rule.types,
    async consume(events: EventEnvelope[]) {
      const handler = (await loadHandler(options.root, rule.handler)) as Consumer;
      if (!handler.batch) throw new Error(`${rule.handler} is not an event consumer`);
      await handler.batch(events);
    },
  }));
  return inProcessEventBus(() => consumers, options.log);
}
