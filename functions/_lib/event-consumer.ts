import type { EventEnvelope } from "@core/platform/ports";
import middy from "@middy/core";
import type { Context, EventBridgeEvent } from "aws-lambda";
import * as z from "zod";
import { getDeps } from "../_runtime/deps";
import { afterInvocation } from "../_runtime/outbox-hook";
import type { DepsWith, Port, PortName } from "../_runtime/ports";
import { deadlineOf } from "./deadline";

const Envelope = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  projectId: z.string().min(1),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});

/**
 * A consumer of outbox events (docs/automations.md, "Events"). EventBridge invokes `handler` with one event, its
 * envelope as `detail`, and retries it when it throws; a detail that is not an envelope is logged and dropped,
 * as retrying cannot mend it. The local bus hands a whole relay batch to `batch`: the same work, one call, with
 * no deadline (no function's time limit stops it). On Lambda `run` gets the invocation's deadline (functions/_lib/deadline.ts).
 */
export function eventConsumer<R, N extends PortName = never>(
  name: string,
  uses: readonly Port<N>[],
  run: (deps: DepsWith<N>, events: EventEnvelope[], deadline?: Date) => Promise<R>,
) {
  const handler = middy<EventBridgeEvent<string, unknown>, R | null, Error, Context>().handler(
    async (event, context) => {
      const deps = await getDeps(uses);
      const parsed = Envelope.safeParse(event.detail);
      if (!parsed.success) {
        deps.log.error("event dropped: not an event envelope", {
          consumer: name,
          id: event.id,
          type: event["detail-type"],
        });
        return null;
      }
      const deadline = deadlineOf(deps.clock, context);
      const result = await run(deps, [parsed.data], deadline);
      await afterInvocation(deps, deadline);
      return result;
    },
  );
  async function batch(events: EventEnvelope[]): Promise<R> {
    const deps = await getDeps(uses);
    const result = await run(deps, events);
    await afterInvocation(deps);
    return result;
  }
  return Object.assign(handler, { ports: uses.map((p) => p.name), batch });
}
