import middy from "@middy/core";
import type { Context, ScheduledEvent } from "aws-lambda";
import type { Deps } from "@core/platform/deps";
import { getDeps } from "../_runtime/deps";

/** A scheduled job: EventBridge on AWS, a timer locally. Returns what it did, for the logs. */
export function cron<R>(name: string, run: (deps: Deps, event: ScheduledEvent) => Promise<R>) {
  return middy<ScheduledEvent, R, Error, Context>().handler(async (event) => {
    const deps = await getDeps();
    const started = Date.now();
    const result = await run(deps, event);
    deps.log.info("scheduled job done", { job: name, ms: Date.now() - started, result: result as unknown });
    return result;
  });
}
