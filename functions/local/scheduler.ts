import type { Log } from "@core/platform/ports";
import { CronExpressionParser } from "cron-parser";
import { scheduleSettings } from "../function-settings";
import type { ScheduleDef } from "../schedules";
import { lambdaContext } from "./lambda-context";
import { loadHandler } from "./load-handler";

const UNIT_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** Milliseconds from `now` to the next run of an EventBridge `rate(...)` or `cron(...)` expression (UTC). */
export function nextDelayMs(expression: string, now: Date): number {
  const rate = expression.match(/^rate\((\d+) (minute|hour|day)s?\)$/);
  if (rate) return Number(rate[1]) * UNIT_MS[rate[2]!]!;
  const cron = expression.match(/^cron\((.+)\)$/);
  if (!cron) throw new Error(`Unsupported schedule expression '${expression}'`);
  // EventBridge has six fields (the last is the year) and '?' for "any".
  const fields = cron[1]!.trim().split(/\s+/);
  if (fields.length !== 6) throw new Error(`Unsupported schedule expression '${expression}'`);
  const standard = fields
    .slice(0, 5)
    .map((f) => (f === "?" ? "*" : f))
    .join(" ");
  const next = CronExpressionParser.parse(standard, { currentDate: now, tz: "UTC" }).next().toDate();
  return Math.max(0, next.getTime() - now.getTime());
}

/**
 * Runs the schedule table on timers (unless `timers` is false, for tests);
 * `trigger(name)` runs one job now, as a manual EventBridge invoke.
 */
export function startScheduler(options: {
  root: string;
  schedules: readonly ScheduleDef[];
  log: Log;
  timers: boolean;
}) {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  async function trigger(name: string): Promise<unknown> {
    const def = options.schedules.find((s) => s.name === name);
    if (!def) throw new Error(`No schedule named '${name}'`);
    const handler = await loadHandler(options.root, def.handler);
    const event = {
      version: "0",
      id: crypto.randomUUID(),
      "detail-type": "Scheduled Event",
      source: "aws.events",
      account: "000000000000",
      time: new Date().toISOString(),
      region: "local",
      resources: [],
      detail: {},
    };
    return handler(event, lambdaContext(def.handler, scheduleSettings(def).timeoutSeconds));
  }

  function arm(def: ScheduleDef) {
    if (stopped) return;
    const timer = setTimeout(
      () => {
        const run = trigger(def.name)
          .catch((e) =>
            options.log.error("scheduled job failed", {
              job: def.name,
              error: e instanceof Error ? e.message : String(e),
            }),
          )
          .finally(() => {
            running.delete(run);
            arm(def);
          });
        running.add(run);
      },
      nextDelayMs(def.schedule, new Date()),
    );
    timer.unref();
    timers.set(def.name, timer);
  }

  if (options.timers) options.schedules.forEach(arm);
  return {
    trigger,
    async stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      await Promise.all(running);
    },
  };
}
