import { inProcessEventBus } from "@core/adapters/local/in-process-event-bus";
import { jsonLog } from "@core/adapters/system/json-log";
import { randomIds } from "@core/adapters/system/random-ids";
import * as Audit from "@core/audit";
import type { EventEnvelope } from "@core/platform/ports";
import { afterInvocation, installOutboxRelay } from "@functions/_runtime/outbox-hook";
import { describe, expect, it } from "vitest";

/**
 * What a Lambda that carries the event bus does after its job (docs/automations.md, "Events"): the deliveries the
 * job recorded itself are announced with one `deliveries.due` per project, on the in-process bus here.
 */
describe("after an invocation on Lambda", () => {
  it("puts one deliveries.due per project whose deliveries the job recorded on the bus, once", async () => {
    // As on Lambda: no local runtime's background relay (a local app of another test file may have installed one).
    installOutboxRelay(undefined);
    const log = jsonLog({ level: "error", write: () => {} });
    const published: EventEnvelope[] = [];
    const bus = inProcessEventBus(
      () => [
        { name: "automations", types: ["deliveries.due"], consume: async (events) => void published.push(...events) },
      ],
      log,
    );
    const at = new Date(Date.UTC(2026, 10, 28, 12, 0, 0));
    const deps = { bus, log, ids: randomIds, clock: { now: () => at } } as never;
    Audit.deliveriesSignal.raise("p-1");
    Audit.deliveriesSignal.raise("p-2");
    Audit.deliveriesSignal.raise("p-1");

    await afterInvocation(deps);
    await afterInvocation(deps);

    expect(published).toEqual(
      ["p-1", "p-2"].map((projectId) => ({
        id: expect.any(String),
        type: "deliveries.due",
        projectId,
        timestamp: at.toISOString(),
        data: {},
      })),
    );
  });
});
