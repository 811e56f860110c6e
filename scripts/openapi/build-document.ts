import * as z from "zod";
import type { HttpContract } from "../../functions/_lib/http";
import { STATUS_OF } from "../../functions/_lib/http-errors";

type JsonSchema = Record<string, unknown>;

/**
 * Named schemas (a recursive one must be named: `.meta({ id })`) shared by the whole document. zod puts them in the
 * schema's own `$defs` with `#/$defs/…` references, which resolve against the document root in OpenAPI 3.1, where
 * there is no `$defs`: they move to `components.schemas`, so that tools (openapi-typescript for the console) resolve them.
 */
type Named = Record<string, JsonSchema>;

const schemaOf = (schema: z.ZodType, io: "input" | "output", named: Named): JsonSchema => {
  const { $schema: _drop, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  const ref = (json: JsonSchema) =>
    JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [name, def] of Object.entries(($defs ?? {}) as Named)) {
    if (/^__schema\d+$/.test(name))
      throw new Error(
        `An unnamed recursive zod schema: name it with .meta({ id: "…" }) (${JSON.stringify(def).slice(0, 120)}…)`,
      );
    const hoisted = ref(def);
    if (named[name] && JSON.stringify(named[name]) !== JSON.stringify(hoisted))
      throw new Error(`Two different zod schemas are named ${name}`);
    named[name] = hoisted;
  }
  return ref(rest);
};

/** Object schemas become one parameter per property; anything else is not a parameter list. */
function parameters(schema: z.ZodType | undefined, where: "path" | "query", named: Named) {
  if (!schema) return [];
  const json = schemaOf(schema, "input", named);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: s,
    ...(typeof s.description === "string" ? { description: s.description } : {}),
  }));
}

const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

/** An OpenAPI 3.1 document generated from the route table and each endpoint's zod contract. */
export function buildDocument(
  endpoints: { method: string; path: string; contract: HttpContract }[],
  version: string,
  exempt: ReadonlyMap<string, string> = new Map(),
) {
  const paths: Record<string, Record<string, unknown>> = {};
  const named: Named = { Error: schemaOf(ErrorBody, "output", {}) };
  // Routes another library answers (better-auth under /v1/auth): named, with the reason, and public.
  for (const [key, reason] of exempt) {
    const [method, path] = key.split(" ") as [string, string];
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      summary: reason,
      tags: ["auth"],
      security: [],
      parameters: [{ name: "proxy", in: "path", required: true, schema: { type: "string" } }],
      responses: { "200": { description: "better-auth's answer" }, "4XX": { $ref: "#/components/responses/Error" } },
    };
  }
  for (const { method, path, contract } of endpoints) {
    const errors = Object.fromEntries(
      [
        ...new Set([
          400,
          401,
          403,
          404,
          ...Object.values(STATUS_OF).filter((s) => s === 409 || s === 413 || s === 422 || s === 429),
        ]),
      ].map((status) => [
        String(status),
        { $ref: status === 429 ? `#/components/responses/RateLimited` : `#/components/responses/Error` },
      ]),
    );
    const operation: Record<string, unknown> = {
      summary: contract.summary,
      tags: contract.tags,
      "x-sightline-role": contract.role,
      "x-sightline-rate-limit": contract.rateLimit ?? "api",
      // A public endpoint (the share link) takes no credentials: the token in its path is one.
      ...(contract.public ? { security: [], "x-sightline-public": contract.public } : {}),
      parameters: [...parameters(contract.path, "path", named), ...parameters(contract.query, "query", named)],
      responses: {
        [String(contract.status ?? 200)]: contract.streams
          ? {
              description: contract.streams.description,
              content: Object.fromEntries(
                [contract.streams.contentType].flat().map((type) => [type, { schema: { type: "string" } }]),
              ),
            }
          : {
              description: "Success",
              ...(contract.response
                ? { content: { "application/json": { schema: schemaOf(contract.response, "output", named) } } }
                : {}),
            },
        ...errors,
        // A route that calls a model provider answers 502 when the provider fails (docs/playground.md).
        ...(contract.streams ? { "502": { $ref: "#/components/responses/Error" } } : {}),
      },
    };
    if (contract.body) {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: schemaOf(contract.body, "input", named) } },
      };
    } else if (contract.rawBody) {
      operation.requestBody = { required: true, content: { "application/x-protobuf": {}, "application/json": {} } };
    }
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Sightline",
      version,
      description:
        "Observability and evaluation for applications that call language models. Every endpoint takes HTTP Basic authentication: the project's public key as user name and its secret key as password; or a console session cookie from /v1/auth (writes then carry X-CSRF-Token from GET /v1/me).",
    },
    servers: [{ url: "http://127.0.0.1:3000" }],
    security: [{ basicAuth: [] }, { sessionCookie: [] }],
    components: {
      securitySchemes: {
        basicAuth: { type: "http", scheme: "basic" },
        sessionCookie: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
      },
      schemas: named,
      responses: {
        Error: {
          description: "Error",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
        RateLimited: {
          description:
            "The rate limit is reached (code rate_limited): ingest calls count per project, the others per API key",
          headers: {
            "Retry-After": {
              description: "Whole seconds to wait before the next call, at least 1",
              schema: { type: "integer", minimum: 1 },
            },
          },
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    },
    paths,
  };
}
