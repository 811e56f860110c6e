import type { EventBus, EventEnvelope, Log } from "../../platform/ports";

/** A consumer of events of some types, as the event-rule table names it. */
export interface EventConsumer {
  name: string;
  types: readonly string[];
  /** Takes the events of its types from one publish, together. */
  consume(events: EventEnvelope[]): Promise<void>;
}

/**
 * The single-process event bus: each consumer gets the events of its types from a publish in one call, the
 * consumers at once. The events a consumer failed on are not accepted, so the relay publishes them again (at
 * least once, as EventBridge's retries are); consumers tell a repeat by the event id.
 */
export function inProcessEventBus(consumers: () => readonly EventConsumer[], log: Log): EventBus {
  return {
    async publish(events) {
      const failed = new Set<string>();
      await Promise.all(
        consumers().map(async (consumer) => {
          const mine = events.filter((e) => consumer.types.includes(e.type));
          if (mine.length === 0) return;
          try {
            await consumer.consume(mine);
          } catch (e) {
            log.warn("event consumer failed", {
              consumer: consumer.name,
              events: mine.length,
              error: e instanceof Error ? e.message : String(e),
            });
            for (const event of mine) failed.add(event.id);
          }
        }),
      );
      return { failed: [...failed] };
    },
  };
}
