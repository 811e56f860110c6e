import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { isStreamedResult, type StreamedResult } from "../_lib/http";
import { errorBody } from "../_lib/http-errors";
import { routeSettings } from "../function-settings";
import type { RouteDef } from "../routes";
import { apiEvent } from "./api-event";
import { lambdaContext } from "./lambda-context";
import { loadHandler } from "./load-handler";
import { createRouter } from "./router";
import { type createStaticFiles, isConsolePath } from "./static-files";

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}

/** Reads the body up to `limit` bytes; null when it is larger (the caller answers 413). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * Writes a streamed body as it is produced, each chunk at once (a function URL with RESPONSE_STREAM does the
 * same on AWS; docs/playground.md). A client that leaves destroys the body, which stops the work behind it.
 */
async function streamThrough(res: ServerResponse, result: StreamedResult): Promise<void> {
  if (result.cookies?.length) res.setHeader("set-cookie", result.cookies);
  res.writeHead(result.statusCode ?? 200, (result.headers ?? {}) as Record<string, string>);
  res.flushHeaders();
  const body = result.body;
  res.once("close", () => res.writableFinished || body.destroy());
  try {
    for await (const chunk of body) {
      if (!res.write(chunk)) await new Promise<void>((resolve) => res.once("drain", resolve).once("close", resolve));
    }
    res.end();
  } catch {
    res.destroy();
  }
}

/**
 * How long an idle kept-alive connection stays open. Node's server closes one after 5 s, the same idle time after
 * which SDKs (httpx's pool, Node's agents) send their next flush on it: a POST sent on a socket the server is closing
 * fails with a reset that the clients do not retry. Past a minute, as servers behind load balancers do
 * (docs/architecture.md, "Decisions recorded here"); undici reads it from the `Keep-Alive` header and closes first.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Serves the route table through the same handler modules Lambda runs, one in-process invocation per request. */
export function createHttpServer(options: {
  root: string;
  routes: readonly RouteDef[];
  maxBodyBytes: number;
  onError: (e: unknown) => void;
  /** The web console, answering GET and HEAD outside `/v1` and `/api` (docs/console.md, "Build and serve"). */
  console?: ReturnType<typeof createStaticFiles>;
  /** Answers the signed upload and read URLs of the local blob store under this path (docs/media.md, "Upload URLs"). */
  signedBlobs?: { path: string; serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> };
}): Server {
  const router = createRouter(options.routes);
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://local");
      if (options.signedBlobs && url.pathname.startsWith(options.signedBlobs.path))
        return await options.signedBlobs.serve(req, res, url);
      if (options.console && isConsolePath(req.method ?? "GET", url.pathname))
        return options.console.serve(req, res, url.pathname);
      const match = router.match(req.method ?? "GET", url.pathname);
      if (!match || match === "method") {
        req.resume();
        return send(res, 404, errorBody("not_found", `No route for ${req.method} ${url.pathname}`));
      }
      const body = await readBody(req, options.maxBodyBytes);
      if (body === null) {
        return send(
          res,
          413,
          errorBody("payload_too_large", `Request body exceeds the limit of ${options.maxBodyBytes} bytes`),
          { connection: "close" },
        );
      }
      const handler = await loadHandler(options.root, match.route.handler);
      const event = apiEvent(req, url, body, match.route, match.params);
      const result = (await handler(
        event,
        lambdaContext(match.route.handler, routeSettings(match.route).timeoutSeconds),
      )) as APIGatewayProxyStructuredResultV2 | StreamedResult;
      if (isStreamedResult(result)) return await streamThrough(res, result);
      const payload =
        result.body === undefined ? "" : result.isBase64Encoded ? Buffer.from(result.body, "base64") : result.body;
      // Each entry of `cookies` is one Set-Cookie header, as API Gateway sends them.
      if (result.cookies?.length) res.setHeader("set-cookie", result.cookies);
      res.writeHead(result.statusCode ?? 200, (result.headers ?? {}) as Record<string, string>).end(payload);
    } catch (e) {
      options.onError(e);
      if (!res.headersSent) send(res, 500, errorBody("internal_error", "Internal server error"));
      else res.destroy();
    }
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node's advice: the time for a request's headers above the idle time, or a request arriving at its end is cut.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
