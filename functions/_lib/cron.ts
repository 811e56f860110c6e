import middy from "@middy/core";
import type { Context, ScheduledEvent } from "aws-lambda";
import { getDeps } from "../_runtime/deps";
import { afterInvocation } from "../_runtime/outbox-hook";
import type { DepsWith, Port, PortName } from "../_runtime/ports";
import { deadlineOf } from "./deadline";

/**
 * A scheduled job: EventBridge on AWS, a timer locally. `uses` names the ports it needs beyond the base
 * (docs/deployment.md). `deadline` is when the invocation is stopped (the function's time limit, as the deps'
 * clock reads it), for a job that must stop starting work before it. Returns what it did, for the logs.
 */
export function cron<R, N extends PortName = never>(
  name: string,
  uses: readonly Port<N>[],
  run: (deps: DepsWith<N>, event: ScheduledEvent, deadline: Date | undefined) => Promise<R>,
) {
  const handler = middy<ScheduledEvent, R, Error, Context>().handler(async (event, context) => {
    const deps = await getDeps(uses);
    const started = Date.now();
    const deadline = deadlineOf(deps.clock, context);
    const result = await run(deps, event, deadline);
    await afterInvocation(deps, deadline);
    deps.log.info("scheduled job done", { job: name, ms: Date.now() - started, result: result as unknown });
    return result;
  });
  return Object.assign(handler, { ports: uses.map((p) => p.name) });
}
