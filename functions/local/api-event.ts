import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { type RouteDef, routeKey } from "../routes";

const TEXT = /^(application\/(json|x-ndjson|x-www-form-urlencoded|xml)|text\/)/i;

/** Synthesises the API Gateway HTTP API (payload 2.0) event for a local request. */
export function apiEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  route: RouteDef,
  params: Record<string, string>,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(",") : value;
  }
  // API Gateway (payload 2.0) moves the Cookie header into `cookies`, one entry per cookie.
  const cookies =
    headers.cookie
      ?.split(";")
      .map((c) => c.trim())
      .filter(Boolean) ?? [];
  delete headers.cookie;
  // API Gateway base64-encodes what is not text, and anything compressed.
  const binary = body.length > 0 && (!TEXT.test(headers["content-type"] ?? "") || Boolean(headers["content-encoding"]));
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const now = Date.now();
  return {
    version: "2.0",
    routeKey: routeKey(route),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(cookies.length ? { cookies } : {}),
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(params).length ? { pathParameters: params } : {}),
    body: body.length ? body.toString(binary ? "base64" : "utf8") : undefined,
    isBase64Encoded: binary,
    requestContext: {
      accountId: "000000000000",
      apiId: "local",
      domainName: headers.host ?? "127.0.0.1",
      domainPrefix: "local",
      http: {
        method: req.method ?? "GET",
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? "127.0.0.1",
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: randomUUID(),
      routeKey: routeKey(route),
      stage: "$default",
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
  };
}
