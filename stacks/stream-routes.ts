import { Function as SstFunction, type StackContext, use } from "sst/constructs";
import { routeSettings } from "../functions/function-settings";
import { type RouteDef, routes } from "../functions/routes";
import { runtimeEnvironment, sizing } from "./lambda";
import { Queues } from "./queues";
import { Storage } from "./storage";

/** The output naming a streamed route's URL: `PlaygroundUrl` for `/v1/playground/...`. */
export const streamOutputOf = (route: Pick<RouteDef, "path">) => {
  const segment = route.path.split("/").filter(Boolean)[1] ?? "stream";
  return `${segment.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())}Url`;
};

/**
 * Routes whose answer streams (server-sent events). API Gateway's HTTP API buffers a Lambda's answer whole, so
 * each of these gets a function URL in RESPONSE_STREAM mode instead (docs/playground.md, "Streaming through both runtimes"): the handler
 * is the same module, wrapped by `streamingHandler`, and authenticates and rate-limits every call itself, so
 * the URL takes no IAM auth. The console finds the URL in its config.json (`streamUrl`).
 */
export function StreamRoutes({ stack, app }: StackContext) {
  const { bucket, secret, bus } = use(Storage);
  const queues = use(Queues);
  const urls: Record<string, string> = {};
  for (const route of routes.filter((r) => r.stream)) {
    const fn = new SstFunction(stack, streamOutputOf(route).replace(/Url$/, "Stream"), {
      handler: route.handler,
      ...sizing(routeSettings(route)),
      environment: runtimeEnvironment({ stage: app.stage, bucket, secret, ...queues, eventBusName: bus.eventBusName }),
      // Records its calls through the ingest path (blob, then queue) and opens the provider keys.
      permissions: [
        [bucket, "grantReadWrite"],
        [queues.ingestQueue, "grantSendMessages"],
        [secret, "grantRead"],
      ],
      url: {
        authorizer: "none",
        streaming: true,
        cors: {
          allowOrigins: ["*"],
          allowMethods: [route.method],
          allowHeaders: ["authorization", "content-type", "x-csrf-token", "x-sightline-project"],
          allowCredentials: false,
        },
      },
    });
    urls[streamOutputOf(route)] = fn.url!;
  }
  stack.addOutputs(urls);
  return { streamUrls: urls };
}
