import type { EventBus, EventEnvelope } from "@core/platform/ports";
import { describe, expect, it } from "vitest";

/** A consumer as the event-rule table names one: the types it takes, and what it does with them. */
export interface ContractConsumer {
  name: string;
  types: readonly string[];
  consume(events: EventEnvelope[]): Promise<void>;
}

const envelope = (type: string, n: number): EventEnvelope => ({
  id: `${type}-${n}`,
  type,
  projectId: "p1",
  timestamp: "2026-11-25T12:00:00.000Z",
  data: { n },
});

/**
 * The behaviour every `EventBus` adapter promises (docs/automations.md, "Events"); `make` wires a bus to the
 * consumers, as the stack's rules or the local runtime do.
 */
export function describeEventBus(name: string, make: (consumers: ContractConsumer[]) => Promise<EventBus>) {
  describe(`EventBus contract: ${name}`, () => {
    it("hands each event to every consumer whose types name it, and to no other", async () => {
      const seen: Record<string, string[]> = { a: [], b: [] };
      const bus = await make([
        {
          name: "a",
          types: ["score.created", "trace.created"],
          consume: async (events) => void seen.a!.push(...events.map((e) => e.id)),
        },
        {
          name: "b",
          types: ["trace.created"],
          consume: async (events) => void seen.b!.push(...events.map((e) => e.id)),
        },
      ]);

      const result = await bus.publish([
        envelope("score.created", 1),
        envelope("trace.created", 2),
        envelope("prompt.created", 3),
      ]);

      expect(result).toEqual({ failed: [] });
      expect(seen.a!.sort()).toEqual(["score.created-1", "trace.created-2"]);
      expect(seen.b).toEqual(["trace.created-2"]);
    });

    it("carries the envelope unchanged", async () => {
      const got: EventEnvelope[] = [];
      const bus = await make([
        { name: "a", types: ["alert.firing"], consume: async (events) => void got.push(...events) },
      ]);
      const sent = {
        ...envelope("alert.firing", 1),
        data: { alert: "slow", nested: { list: [1, "two", null] }, text: "héllo ✓" },
      };

      await bus.publish([sent]);

      expect(got).toEqual([sent]);
    });

    it("reports the events a consumer failed on, so the relay publishes them again; the others are accepted", async () => {
      let calls = 0;
      const bus = await make([
        {
          name: "flaky",
          types: ["score.created"],
          consume: async () => {
            if (calls++ === 0) throw new Error("down");
          },
        },
        { name: "steady", types: ["trace.created"], consume: async () => {} },
      ]);

      const first = await bus.publish([envelope("score.created", 1), envelope("trace.created", 2)]);
      const again = await bus.publish([envelope("score.created", 1)]);

      expect(first).toEqual({ failed: ["score.created-1"] });
      expect(again).toEqual({ failed: [] });
    });

    it("accepts a publish of nothing, and events no consumer takes", async () => {
      const bus = await make([]);

      expect(await bus.publish([])).toEqual({ failed: [] });
      expect(await bus.publish([envelope("prompt.updated", 1)])).toEqual({ failed: [] });
    });
  });
}
