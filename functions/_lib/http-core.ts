import { Readable } from "node:stream";
// Types only: the sign-in stack reaches a bundle through http.ts's session resolver, never through this file.
import type * as Auth from "@core/auth";
import { forbidden } from "@core/platform/errors";
import type { Principal } from "@core/platform/principal";
import { type Role, roleAtLeast } from "@core/platform/roles";
import * as RateLimits from "@core/ratelimits";
import * as Tenancy from "@core/tenancy";
import middy from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import type * as z from "zod";
import { getDeps } from "../_runtime/deps";
import { afterInvocation } from "../_runtime/outbox-hook";
import type { DepsWith, Port, PortName } from "../_runtime/ports";
import { type ErrorBodyOf, errorResponse, jsonResponse, wantsBasicChallenge } from "./http-errors";
import { bodyBytes, parseJsonBody, parsePart, queryObject, refuseNul } from "./http-input";
import { hasCookies, requestHeaders } from "./web-request";

/** What `run` may return instead of a plain JSON body, to choose status and headers; a Uint8Array body is sent as bytes. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * An answer streamed as it is produced (server-sent events): `open(signal)` gives the body's chunks; the signal
 * aborts when the client goes away. The handler answers a Node stream as its body, which the local server
 * writes through and the AWS streaming wrapper pipes into the function URL's stream (docs/playground.md).
 */
export class StreamReply {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly open: (signal: AbortSignal) => AsyncIterable<string | Uint8Array>,
  ) {}
}

/** What a handler answered with a streamed body (`StreamReply`): API Gateway's result shape with a Readable body. */
export type StreamedResult = Omit<APIGatewayProxyStructuredResultV2, "body"> & { body: Readable };

export const isStreamedResult = (r: unknown): r is StreamedResult =>
  (r as { body?: unknown } | null)?.body instanceof Readable;

export interface HttpInput<P, Q, B> {
  path: P;
  query: Q;
  body: B;
  headers: Record<string, string | undefined>;
  rawBody: Buffer;
}

export interface HttpContext<N extends PortName = never> {
  deps: DepsWith<N>;
  principal: Principal;
  /** The sign-in session, when the caller came with a session cookie instead of a key (docs/auth.md, "Sessions"). */
  session: Auth.SessionView | null;
  requestId: string;
}

/** An endpoint's contract: read by `http()`, the OpenAPI generator and the auth matrix test. */
export interface HttpContract<P = unknown, Q = unknown, B = unknown> {
  /** Least role that may call; every endpoint is authenticated. */
  role: Role;
  /** A session may call without choosing a project (GET /v1/me); it then holds no project and the VIEWER role. */
  projectOptional?: boolean;
  summary: string;
  tags: string[];
  path?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** Take the body as bytes (e.g. protobuf) instead of parsing JSON; a `body` schema then only documents them (`/v1/mcp`). */
  rawBody?: boolean;
  /**
   * The use case checks each item of the body itself (ingest: one bad event never rejects the batch):
   * the body may hold NUL characters (bound for the telemetry store, which keeps any string; ids are
   * checked per event) and nest deeper than MAX_JSON_DEPTH (events too deep are refused one by one).
   * Otherwise a NUL anywhere in path, query or body, or a body nested deeper, is a 400.
   */
  checksItemsItself?: boolean;
  /** The rate limit the call counts against (docs/rate-limits.md): `ingest`, the project's, or by default `api`, the key's. */
  rateLimit?: RateLimits.RateLimitClass;
  /**
   * Why the endpoint takes no credentials at all (docs/auth.md, "Share links"). Only `GET /v1/shared/{token}` is
   * public: the token in its path is the credential. No key or cookie is read, the call counts against the
   * `shared` rate limit of the client's address, and `run` gets `ANONYMOUS`, a principal of no project.
   */
  public?: string;
  response?: z.ZodType;
  /** The success answer streams (`StreamReply`): its media type and what it carries, for the API document. */
  streams?: { contentType: string | readonly string[]; description: string };
  status?: number;
  maxBodyBytes?: number;
}

export interface HttpSpec<P, Q, B, R, N extends PortName> extends Omit<HttpContract<P, Q, B>, "tags"> {
  tags?: string[];
  /** The ports this endpoint uses beyond the base (docs/deployment.md): its bundle carries only these adapters. */
  uses?: readonly Port<N>[];
  /**
   * An endpoint's own credentials: who calls, from the request headers, and the `WWW-Authenticate` value of its
   * 401s (`/v1/mcp` takes a key or an OAuth bearer token: docs/mcp.md, "OAuth"). By default a project API key in
   * HTTP Basic or a session cookie, with the Basic challenge for API clients (docs/console.md, "Sign-in").
   */
  credentials?: {
    // NoInfer: the ports come from `uses` alone, so a credential that needs one not listed fails to compile.
    authenticate(deps: DepsWith<NoInfer<N>>, headers: Record<string, string | undefined>): Promise<Principal>;
    challenge(deps: DepsWith<NoInfer<N>>): string;
  };
  /** The error body's shape, when not ours: the Langfuse-compatible routes answer in Langfuse's (docs/langfuse.md). */
  errorBody?: ErrorBodyOf;
  run(input: HttpInput<P, Q, B>, ctx: HttpContext<N>): Promise<R | Reply | StreamReply>;
}

/** The principal of a public endpoint's call: no project, no key, so anything scoped by it finds nothing. */
export const ANONYMOUS: Principal = Object.freeze({
  kind: "key",
  keyId: "",
  publicKey: "",
  projectId: "",
  orgId: "",
  role: "VIEWER",
});

type HttpHandler = middy.MiddyfiedHandler<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context> & {
  contract: HttpContract;
  /** The ports the handler declared (tests/lambda checks each bundle carries no other adapter's library). */
  ports: PortName[];
  /** Whether a session cookie may authenticate; without, the bundle carries no sign-in stack (tests/lambda checks it). */
  readsCookies: boolean;
};

/**
 * Who a session cookie belongs to. `http()` passes one (http.ts); key-only endpoints (`keyHttp()`, key-http.ts)
 * pass none, so their bundles never carry the sign-in stack (docs/deployment.md, "What ships").
 */
export interface SessionResolver {
  resolve(
    request: { method: string; headers: Headers },
    options: { projectOptional: boolean },
  ): Promise<{ principal: Principal; session: Auth.SessionView }>;
}

/** The Lambda context, carrying what the middlewares resolved for the handler. */
type RequestContext<N extends PortName> = Context & {
  deps?: DepsWith<N>;
  principal?: Principal;
  session?: Auth.SessionView | null;
};

/**
 * Builds an API Gateway (payload 2.0) handler: dependencies, Basic auth (or, with `sessions`, a session
 * cookie) and role, zod parsing of path/query/body, JSON serialisation and the error table.
 */
export function httpWith<P = undefined, Q = undefined, B = undefined, R = unknown, N extends PortName = never>(
  spec: HttpSpec<P, Q, B, R, N>,
  sessions: SessionResolver | null,
): HttpHandler {
  const { uses, run, credentials, errorBody, ...rest } = spec;
  const contract: HttpContract = {
    ...rest,
    tags: spec.tags ?? [],
    ...(spec.public ? { rateLimit: "shared" } : {}),
  } as HttpContract;
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, RequestContext<N>>()
    .before(async function withDeps(request) {
      request.context.deps = await getDeps(uses);
    })
    .before(async function withAuth(request) {
      const { event, context } = request;
      if (spec.public) {
        context.principal = ANONYMOUS;
        context.session = null;
        return;
      }
      // An endpoint with its own credentials (MCP: docs/mcp.md) resolves them itself.
      if (credentials) {
        context.principal = await credentials.authenticate(context.deps!, event.headers ?? {});
        context.session = null;
        return;
      }
      // A Basic key wins over a cookie; a request with neither is refused as before (docs/auth.md, "Sessions").
      // A key-only endpoint reads no cookie: a request with one and no key is refused the same way.
      if (!sessions || event.headers?.authorization || !hasCookies(event)) {
        context.principal = await Tenancy.authenticate(context.deps!, event.headers?.authorization);
        context.session = null;
        return;
      }
      const method = event.requestContext?.http?.method ?? "GET";
      const found = await sessions.resolve(
        { method, headers: requestHeaders(event) },
        { projectOptional: spec.projectOptional ?? false },
      );
      context.principal = found.principal;
      context.session = found.session;
    })
    .before(async function withRateLimit(request) {
      // Before the role check and the body: every authenticated call counts, a refused one too (docs/rate-limits.md).
      // A public call has no principal to charge: its client's address is (API Gateway's and the local server's source IP).
      if (spec.public)
        await RateLimits.admit(
          request.context.deps!,
          { clientIp: request.event.requestContext?.http?.sourceIp ?? "unknown" },
          "shared",
        );
      else await RateLimits.admit(request.context.deps!, request.context.principal!, spec.rateLimit ?? "api");
    })
    .before(async function withRole(request) {
      const { role, kind } = request.context.principal!;
      if (!roleAtLeast(role, spec.role))
        throw forbidden(
          `This endpoint needs the ${spec.role} role; the ${kind === "session" ? "membership" : "key"} has ${role}`,
        );
    })
    .onError(async function httpErrors(request) {
      // An endpoint with its own credentials names its own challenge; others challenge API clients, not a cookie request.
      request.response = errorResponse(
        request.error,
        requestIdOf(request.event, request.context),
        request.context.deps?.log,
        {
          challenge: !credentials && wantsBasicChallenge(request.event),
          body: errorBody,
        },
      );
      const deps = request.context.deps;
      if (credentials && deps && request.response.statusCode === 401) {
        request.response.headers = { ...request.response.headers, "www-authenticate": credentials.challenge(deps) };
      }
      request.response = withSessionCookies(request.response, request.context.session);
    })
    .handler(async (event, context) => {
      const deps = context.deps!;
      const requestId = requestIdOf(event, context);
      const rawBody = bodyBytes(event, Math.min(spec.maxBodyBytes ?? Infinity, deps.config.maxBodyBytes));
      const query = queryObject(event);
      refuseNul(event.pathParameters, "path");
      refuseNul(query, "query");
      const json =
        spec.rawBody || !spec.body ? undefined : parseJsonBody(rawBody, { checkDepth: !spec.checksItemsItself });
      // A NUL can only come from a `\u0000` escape in the text: most bodies skip the walk.
      if (!spec.checksItemsItself && rawBody.includes("\\u0000")) refuseNul(json, "body");
      const input: HttpInput<P, Q, B> = {
        path: parsePart(spec.path, event.pathParameters, "path"),
        query: parsePart(spec.query, query, "query"),
        body: spec.rawBody ? (undefined as B) : parsePart(spec.body, json, "body"),
        headers: event.headers ?? {},
        rawBody,
      };
      const result = await run(input, {
        deps,
        principal: context.principal!,
        session: context.session ?? null,
        requestId,
      });
      await afterInvocation(deps);
      const headers = { "x-request-id": requestId };
      if (result instanceof StreamReply) {
        const aborted = new AbortController();
        const body = Readable.from(result.open(aborted.signal), { objectMode: false });
        // Destroyed before its end (the client left): stop the work behind it.
        body.once("close", () => body.readableEnded || aborted.abort());
        const streamed: StreamedResult = {
          statusCode: result.status,
          headers: { ...headers, ...result.headers },
          body,
        };
        return withSessionCookies(streamed as unknown as APIGatewayProxyStructuredResultV2, context.session);
      }
      if (result instanceof Reply && result.body instanceof Uint8Array) {
        // Binary answers (OTLP protobuf) travel base64-encoded through API Gateway.
        return {
          statusCode: result.status,
          headers: { ...headers, ...result.headers },
          body: Buffer.from(result.body).toString("base64"),
          isBase64Encoded: true,
        };
      }
      const response =
        result instanceof Reply
          ? jsonResponse(result.status, result.body, { ...headers, ...result.headers })
          : jsonResponse(spec.status ?? 200, result, headers);
      return withSessionCookies(response, context.session);
    });
  return Object.assign(handler, { contract, ports: (uses ?? []).map((p) => p.name), readsCookies: sessions !== null });
}

/**
 * The cookies better-auth renewed while reading the session (the cookie cache when it ran out, the session's
 * expiry once a day) go out with the answer, as API Gateway's `cookies` (docs/auth.md, "Cookies"): a console
 * that only calls `/v1` routes keeps its cache and stays signed in while it is used.
 */
function withSessionCookies(
  response: APIGatewayProxyStructuredResultV2,
  session: Auth.SessionView | null | undefined,
): APIGatewayProxyStructuredResultV2 {
  if (!session?.setCookies?.length) return response;
  return { ...response, cookies: [...(response.cookies ?? []), ...session.setCookies] };
}

const requestIdOf = (event: APIGatewayProxyEventV2, context: Context) =>
  event.requestContext?.requestId ?? context.awsRequestId;
