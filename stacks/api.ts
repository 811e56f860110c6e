import { Api as SstApi, use, type StackContext } from "sst/constructs";
import { routeKey, routes } from "../functions/routes";
import { runtimeEnvironment } from "./lambda";
import { Queues } from "./queues";
import { Storage } from "./storage";

/** Route functions get the defaults `functions/routes.ts` documents. */
const DEFAULT_TIMEOUT_SECONDS = 30;
const DEFAULT_MEMORY_MB = 1024;

/** The HTTP API (payload 2.0): one route and one Lambda per entry of `functions/routes.ts`. */
export function Api({ stack, app }: StackContext) {
  const { bucket, secret } = use(Storage);
  const { ingestQueue, deadLetterQueue } = use(Queues);

  const api = new SstApi(stack, "Http", {
    defaults: {
      payloadFormatVersion: "2.0",
      function: {
        environment: runtimeEnvironment({ stage: app.stage, bucket, secret, ingestQueue, deadLetterQueue }),
        permissions: [
          [bucket, "grantReadWrite"],
          // Send jobs and read the depth for the health endpoint (GetQueueAttributes comes with send).
          [ingestQueue, "grantSendMessages"],
          // Dead-letter listing and replay: receive and delete here, send back to ingest.
          [deadLetterQueue, "grantConsumeMessages"],
          [deadLetterQueue, "grantSendMessages"],
          [secret, "grantRead"],
        ],
      },
    },
    routes: Object.fromEntries(
      routes.map((r) => [
        routeKey(r),
        {
          function: {
            handler: r.handler,
            timeout: r.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
            memorySize: r.memoryMb ?? DEFAULT_MEMORY_MB,
          },
        },
      ]),
    ),
  });

  stack.addOutputs({ ApiUrl: api.url });
  return { api };
}
