/**
 * The one schedule table: plain data read by the AWS stack (one EventBridge rule
 * each) and by the local runtime (timers). Expressions use EventBridge syntax:
 * `rate(1 minute)` or `cron(min hour day-of-month month day-of-week year)` in UTC.
 */
export interface ScheduleDef {
  name: string;
  schedule: string;
  handler: string;
  /** Lambda timeout in seconds, when the schedule class's (functions/function-settings.ts) does not fit. */
  timeoutSeconds?: number;
  /** Queues the job sends to (the stack grants exactly these). */
  sendsTo?: readonly "eval"[];
  /** Writes objects into customers' buckets with the function's role (scheduled exports, docs/export.md). */
  writesCustomerBuckets?: true;
}

export const schedules: readonly ScheduleDef[] = [
  { name: "relay-outbox", schedule: "rate(1 minute)", handler: "functions/cron/relay-outbox.handler" },
  { name: "deliver-automations", schedule: "rate(1 minute)", handler: "functions/cron/deliver-automations.handler" },
  { name: "flush-event-sink", schedule: "rate(1 minute)", handler: "functions/cron/flush-event-sink.handler" },
  {
    name: "thread-cooldown",
    schedule: "rate(1 minute)",
    handler: "functions/cron/thread-cooldown.handler",
    sendsTo: ["eval"],
  },
  { name: "backfill", schedule: "rate(1 minute)", handler: "functions/cron/backfill.handler", sendsTo: ["eval"] },
  { name: "alerts", schedule: "rate(1 minute)", handler: "functions/cron/check-alerts.handler" },
  {
    name: "exports",
    schedule: "rate(5 minutes)",
    handler: "functions/cron/run-exports.handler",
    timeoutSeconds: 900,
    writesCustomerBuckets: true,
  },
  {
    name: "retention",
    schedule: "cron(0 3 * * ? *)",
    handler: "functions/cron/retention.handler",
    timeoutSeconds: 900,
  },
];
