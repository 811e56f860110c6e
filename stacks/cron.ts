import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Script, Cron as SstCron, Function as SstFunction, type StackContext, use } from "sst/constructs";
import { FUNCTION_SETTINGS, scheduleSettings } from "../functions/function-settings";
import { type ScheduleDef, schedules } from "../functions/schedules";
import { runtimeEnvironment, sizing } from "./lambda";
import { Queues } from "./queues";
import { Storage } from "./storage";

const MIGRATE_HANDLER = "functions/deploy/migrate.handler";
const SENDS_TO = { eval: "evalQueue" } as const;

type ScheduleExpression = `rate(${string})` | `cron(${string})`;

function expression(s: ScheduleDef): ScheduleExpression {
  if (/^(rate|cron)\(.+\)$/.test(s.schedule)) return s.schedule as ScheduleExpression;
  throw new Error(`functions/schedules.ts: "${s.name}" has no EventBridge expression: ${s.schedule}`);
}

/** One EventBridge rule per entry of `functions/schedules.ts`, and the migrations run on every deploy. */
export function Cron({ stack, app }: StackContext) {
  const { bucket, secret, bus } = use(Storage);
  const queues = use(Queues);
  const environment = runtimeEnvironment({
    stage: app.stage,
    bucket,
    secret,
    ...queues,
    eventBusName: bus.eventBusName,
  });

  for (const s of schedules) {
    new SstCron(stack, `Schedule-${s.name}`, {
      schedule: expression(s),
      job: {
        function: {
          handler: s.handler,
          ...sizing(scheduleSettings(s)),
          environment,
          permissions: [
            // grantReadWrite includes deletes (retention sweeps).
            [bucket, "grantReadWrite"],
            [secret, "grantRead"],
            // The relay publishes outbox events; a job that appends events (alerts) relays them when done.
            [bus.cdk.eventBus, "grantPutEventsTo"],
            ...(s.sendsTo ?? []).map(
              (q) => [queues[SENDS_TO[q]], "grantSendMessages"] as [typeof queues.evalQueue, string],
            ),
            // A bucket whose export names no keys is written with this role; the bucket's own policy must let it in.
            ...(s.writesCustomerBuckets
              ? [
                  new PolicyStatement({
                    actions: ["s3:PutObject", "s3:AbortMultipartUpload"],
                    resources: ["arn:aws:s3:::*/*"],
                  }),
                ]
              : []),
          ],
        },
      },
    });
  }

  // One function for create and update; the Script resource changes on every deploy, so it always runs.
  const migrate = new SstFunction(stack, "Migrate", {
    handler: MIGRATE_HANDLER,
    enableLiveDev: false,
    ...sizing(FUNCTION_SETTINGS.deploy),
    environment,
    permissions: [[secret, "grantRead"]],
    // The handler reads the SQL from `$LAMBDA_TASK_ROOT/migrations`.
    copyFiles: [{ from: "migrations", to: "migrations" }],
  });
  new Script(stack, "Migrations", { onCreate: migrate, onUpdate: migrate });
}
