import { type StackContext, use } from "sst/constructs";
import { eventRules } from "../functions/event-rules";
import { eventSettings } from "../functions/function-settings";
import { runtimeEnvironment, sizing } from "./lambda";
import { Queues } from "./queues";
import { Storage } from "./storage";

/** The source every event of ours carries on the bus (core/adapters/aws/eventbridge-event-bus.ts). */
const EVENT_SOURCE = "sightline";

/**
 * One EventBridge rule per entry of `functions/event-rules.ts`, matching the service's source and the entry's
 * event types, targeting the entry's function (docs/automations.md, "Events"). EventBridge invokes the
 * targets asynchronously and retries a failed invocation.
 */
export function Events({ stack, app }: StackContext) {
  const { bucket, secret, bus } = use(Storage);
  const queues = use(Queues);
  const environment = runtimeEnvironment({
    stage: app.stage,
    bucket,
    secret,
    ...queues,
    eventBusName: bus.eventBusName,
  });
  bus.addRules(
    stack,
    Object.fromEntries(
      eventRules.map((rule) => [
        rule.name,
        {
          pattern: { source: [EVENT_SOURCE], detailType: [...rule.types] },
          targets: {
            [rule.name]: {
              function: {
                handler: rule.handler,
                ...sizing(eventSettings(rule)),
                environment,
                // Consumers read and write Postgres (through the secret) and call customer addresses; nothing else.
                permissions: [[secret, "grantRead"]],
              },
            },
          },
        },
      ]),
    ),
  );
}
