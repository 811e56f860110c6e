import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { routes } from "@functions/routes";
import { apiGatewayEvent } from "./events";
import type { Invocation } from "./invoke";

/** The route whose path template matches, as API Gateway picks it (a `{name+}` segment takes the rest). */
function routeOf(method: string, path: string) {
  return routes.find(
    (r) =>
      r.method === method &&
      new RegExp(`^${r.path.replace(/\{[^/]+\+\}/g, ".+").replace(/\{[^/]+\}/g, "[^/]+")}$`).test(path),
  );
}

async function bodyOf(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? Buffer.concat(chunks).toString("utf8") : undefined;
}

/**
 * An HTTP front for the bundled route functions, standing in for API Gateway's HTTP API: each request becomes the
 * payload-2.0 event API Gateway would send, the route's own bundle is invoked as Lambda runs it (a process per
 * call), and its result is written back as API Gateway writes it. Real clients (the Langfuse SDKs) can then call
 * the AWS shape over HTTP (docs/deployment.md, "Offline checks").
 */
export async function startApiGateway(
  run: (handler: string, event: unknown) => Promise<Invocation>,
): Promise<{ url: string; calls: string[]; stop: () => Promise<void> }> {
  const calls: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://gateway");
    const route = routeOf(req.method ?? "GET", url.pathname);
    if (!route) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"message":"Not Found"}');
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).flatMap(([k, v]) =>
        v === undefined ? [] : [[k, Array.isArray(v) ? v.join(",") : v]],
      ),
    );
    const body = await bodyOf(req);
    const event = apiGatewayEvent(route.method, url.pathname, { headers, ...(body !== undefined ? { body } : {}) });
    // As API Gateway does: the query as sent, and each parameter's values joined by commas.
    const query: Record<string, string> = {};
    for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key).join(",");
    event.rawQueryString = url.search.slice(1);
    if (Object.keys(query).length) event.queryStringParameters = query;
    calls.push(`${route.method} ${url.pathname} → ${route.handler}`);
    const out = await run(route.handler, event);
    if (out.error) {
      // API Gateway answers a function error with a bare 500.
      res.writeHead(500, { "content-type": "application/json" }).end('{"message":"Internal Server Error"}');
      return;
    }
    const result = out.result as {
      statusCode: number;
      headers?: Record<string, string>;
      cookies?: string[];
      body?: string;
      isBase64Encoded?: boolean;
    };
    res.writeHead(result.statusCode, {
      ...result.headers,
      ...(result.cookies?.length ? { "set-cookie": result.cookies } : {}),
    });
    res.end(
      result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? "base64" : "utf8"),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
