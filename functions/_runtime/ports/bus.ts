import { EventBridgeEventBus } from "@core/adapters/aws/eventbridge-event-bus";
import type { Env } from "../env";
import type { Port } from "../ports";
import { awsClientOptions, awsCredentials } from "./aws-options";

/** The EventBridge bus the stack made (docs/automations.md, "Events"); the rules route its events to the consumers. */
export const bus: Port<"bus"> = {
  name: "bus",
  open(env: Env) {
    if (!env.SIGHTLINE_EVENT_BUS_NAME) throw new Error("Invalid configuration: SIGHTLINE_EVENT_BUS_NAME must be set");
    return new EventBridgeEventBus({
      busName: env.SIGHTLINE_EVENT_BUS_NAME,
      ...awsClientOptions(env, env.AWS_ENDPOINT_URL_EVENTBRIDGE),
      credentials: awsCredentials(env),
    });
  },
};
