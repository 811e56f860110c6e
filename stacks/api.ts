import { Api as SstApi, type StackContext, use } from "sst/constructs";
import { runtimeEnvironment } from "./lambda";
import { Queues } from "./queues";
import { Storage } from "./storage";

/**
 * The HTTP API (payload 2.0) itself. Its routes, with their functions, roles, integrations and permissions
 * (six resources a route), live in the route stacks of stacks/api-routes.ts, one per concern, so no stack
 * nears CloudFormation's 500-resource limit (docs/deployment.md).
 */
export function Api({ stack, app }: StackContext) {
  const { bucket, secret, bus } = use(Storage);
  const queues = use(Queues);
  const { ingestQueue, deadLetterQueue, evalQueue, experimentQueue } = queues;

  const api = new SstApi(stack, "Http", {
    defaults: {
      payloadFormatVersion: "2.0",
      function: {
        environment: runtimeEnvironment({
          stage: app.stage,
          bucket,
          secret,
          ...queues,
          eventBusName: bus.eventBusName,
        }),
        permissions: [
          [bucket, "grantReadWrite"],
          // Send jobs and read the depth for the health endpoint (GetQueueAttributes comes with send).
          [ingestQueue, "grantSendMessages"],
          // Experiments and backfills put their evaluations on the eval queue.
          [evalQueue, "grantSendMessages"],
          // An experiment's start queues its lanes.
          [experimentQueue, "grantSendMessages"],
          // Dead-letter listing and replay: receive and delete here, send back to ingest.
          [deadLetterQueue, "grantConsumeMessages"],
          [deadLetterQueue, "grantSendMessages"],
          [secret, "grantRead"],
        ],
      },
    },
  });

  stack.addOutputs({ ApiUrl: api.url });
  return { api };
}
