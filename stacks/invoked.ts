import { Function as SstFunction, type StackContext, use } from "sst/constructs";
import { invokedSettings } from "../functions/function-settings";
import { invokedFunctions } from "../functions/invoked-functions";
import { runtimeEnvironment, sizing } from "./lambda";
import { Queues } from "./queues";
import { Storage } from "./storage";

/**
 * One function per entry of `functions/invoked-functions.ts`, invoked synchronously by the routes the entry names
 * (stacks/api-routes.ts gives those their name and the permission). No trigger of its own: only a caller with
 * `lambda:InvokeFunction` on it can run it.
 */
export function Invoked({ stack, app }: StackContext) {
  const { bucket, secret, bus } = use(Storage);
  const queues = use(Queues);
  const functions = Object.fromEntries(
    invokedFunctions.map((def) => [
      def.handler,
      new SstFunction(stack, def.name, {
        handler: def.handler,
        ...sizing(invokedSettings(def)),
        environment: runtimeEnvironment({
          stage: app.stage,
          bucket,
          secret,
          ...queues,
          eventBusName: bus.eventBusName,
        }),
        // Reads the stage's secret for its settings, as every function does; the provider key comes in the payload.
        permissions: [[secret, "grantRead"]],
      }),
    ]),
  );
  return { invoked: functions };
}
