import { randomUUID } from "node:crypto";
import { routeKey, routes } from "@functions/routes";
import type { APIGatewayProxyEventV2, ScheduledEvent, SQSEvent } from "aws-lambda";

/** An API Gateway HTTP API (payload 2.0) event for one route, as API Gateway sends it to the route's Lambda. */
export function apiGatewayEvent(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
): APIGatewayProxyEventV2 {
  const [pathOnly] = path.split("?");
  const route = routes.find(
    (r) =>
      r.method === method &&
      new RegExp(`^${r.path.replace(/\{[^/]+\+\}/g, ".+").replace(/\{[^/]+\}/g, "[^/]+")}$`).test(pathOnly!),
  );
  if (!route) throw new Error(`no route for ${method} ${path}`);
  const pathParameters: Record<string, string> = {};
  const names = route.path.split("/");
  pathOnly!.split("/").forEach((segment, i) => {
    const m = names[i]?.match(/^\{([^}+]+)\+?\}$/);
    if (m) pathParameters[m[1]!] = decodeURIComponent(segment);
  });
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === "string"
        ? options.body
        : JSON.stringify(options.body);
  const headers = {
    host: "api.example.com",
    ...(body !== undefined ? { "content-type": "application/json" } : {}),
    ...options.headers,
  };
  const query = options.query ?? {};
  return {
    version: "2.0",
    routeKey: routeKey(route),
    rawPath: pathOnly!,
    rawQueryString: new URLSearchParams(query).toString(),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: "123456789012",
      apiId: "fidelity",
      domainName: "api.example.com",
      domainPrefix: "api",
      http: { method, path: pathOnly!, protocol: "HTTP/1.1", sourceIp: "203.0.113.7", userAgent: "fidelity" },
      requestId: randomUUID(),
      routeKey: routeKey(route),
      stage: "$default",
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    ...(body !== undefined ? { body, isBase64Encoded: false } : { isBase64Encoded: false }),
  };
}

/** An SQS event source batch, with the attributes Lambda's poller sets. */
export function sqsEvent(
  queueArn: string,
  messages: { MessageId?: string; ReceiptHandle?: string; Body?: string; Attributes?: Record<string, string> }[],
): SQSEvent {
  return {
    Records: messages.map((m) => ({
      messageId: m.MessageId!,
      receiptHandle: m.ReceiptHandle!,
      body: m.Body!,
      attributes: {
        ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? "1",
        SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
        SenderId: "AIDAFIDELITY",
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: "",
      eventSource: "aws:sqs",
      eventSourceARN: queueArn,
      awsRegion: "us-east-1",
    })),
  };
}

/** An EventBridge scheduled event, as a rule of stacks/cron.ts delivers it. */
export function scheduledEvent(rule: string): ScheduledEvent {
  return {
    version: "0",
    id: randomUUID(),
    "detail-type": "Scheduled Event",
    source: "aws.events",
    account: "123456789012",
    time: new Date().toISOString(),
    region: "us-east-1",
    resources: [`arn:aws:events:us-east-1:123456789012:rule/${rule}`],
    detail: {},
  };
}
