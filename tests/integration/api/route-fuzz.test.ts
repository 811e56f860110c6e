import { fileURLToPath } from "node:url";
import * as Mcp from "@core/mcp";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadContracts } from "../../../scripts/openapi/load-contracts";
import { errorOf } from "../../support/error-body";
import { startTestApp, type TestApp } from "../../support/local-app";

const root = fileURLToPath(new URL("../../../", import.meta.url));
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ SIGHTLINE_LOG_LEVEL: "silent" });
});
afterAll(() => app?.close());

/** A non-2xx answer must carry the error body (docs/architecture.md); a 5xx is a bug whatever it carries. */
const wrongAnswer = (status: number, body: any) =>
  status >= 500 ||
  (status >= 400 && !(typeof errorOf(body)?.code === "string" && typeof errorOf(body)?.message === "string"));
/** /v1/mcp speaks JSON-RPC (docs/mcp.md): past authentication its 4xx carry a JSON-RPC error, whose code is a number. */
const isJsonRpcError = (body: any) =>
  body?.jsonrpc === "2.0" && typeof body.error?.code === "number" && typeof body.error.message === "string";
const wrongAnswerAt = (path: string, status: number, body: any) =>
  path === "/v1/mcp" && status < 500 && isJsonRpcError(body) ? false : wrongAnswer(status, body);

// Every route of the table, with resources in place so path routes reach their use cases, gets random
// query strings and random JSON bodies built from the field names and values the API knows (fixed seeds).
it("answers every route's random input with a 2xx or a 4xx in the error body, never a 5xx", async () => {
  const contracts = await loadContracts(root);
  await app.call("POST", "/v1/prompts", {
    body: { name: "probe", type: "TEXT", content: "hi {{x}}", labels: ["production"] },
  });
  await app.call("POST", "/v1/datasets", { body: { name: "probe" } });
  await app.call("POST", "/v1/datasets/probe/items", { body: { items: [{ id: "i1", input: { q: 1 } }] } });
  await app.call("POST", "/v1/datasets/probe/runs", { body: { runName: "x" } });
  await app.call("POST", "/v1/evaluators", {
    body: { name: "probe", prompt: "rate {{output}}", provider: "mock", model: "m" },
  });
  await app.call("POST", "/v1/ingest", {
    body: {
      batch: [
        {
          id: "e",
          type: "trace-create",
          timestamp: new Date().toISOString(),
          body: { id: "x", sessionId: "x", userId: "x" },
        },
      ],
    },
  });
  await app.drainQueues();
  const bad: string[] = [];
  // Objects keyed by field names of the API's bodies, holding values its validators look for.
  const words = [
    "name",
    "type",
    "content",
    "labels",
    "items",
    "input",
    "expectedOutput",
    "id",
    "traceId",
    "runName",
    "datasetName",
    "datasetItemId",
    "url",
    "thresholds",
    "csv",
    "mapping",
    "expression",
    "item",
    "kind",
    "provider",
    "model",
    "prompt",
    "variableMapping",
    "jurors",
    "scoreDataType",
    "scoreCategories",
    "role",
    "note",
    "publicKey",
    "email",
    "maxAgeDays",
    "enabled",
    "builtins",
    "custom",
    "pattern",
    "headRate",
    "tail",
    "modelName",
    "matchPattern",
    "prices",
    "label",
    "version",
    "variables",
    "placeholders",
    "channel",
    "folder",
    "config",
    "template",
    "apiKey",
    "baseUrl",
    "source",
    "jsonPath",
    "observationName",
    "filterName",
    "scope",
    "online",
    "samplingRate",
    "cooldownSeconds",
    "batch",
    "sdk",
    "schema",
    "properties",
    "required",
    "enum",
    "metadata",
    "description",
    "runs",
    "limit",
    "cursor",
    "objectType",
    "objectId",
    "body",
    "mentions",
    "expiresAt",
  ];
  const leaf = fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom(
      "",
      "a",
      "TEXT",
      "CHAT",
      "CODE",
      "JUDGE",
      "mock",
      "NUMERIC",
      "CATEGORICAL",
      "BOOLEAN",
      "production",
      "latest",
      "x,y",
      "http://127.0.0.1:1/",
      "1",
      "-1",
      "NaN",
      "1e400",
      "2026-11-22T10:00:00Z",
      "{{x}}",
      "@@@servicePrompt:name=a|label=b@@@",
      "TRACE",
      "SESSION",
      "x",
    ),
    fc.integer({ min: -5, max: 100000 }),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );
  const value = fc.letrec((tie) => ({
    v: fc.oneof({ depthSize: "small" }, leaf, tie("arr"), tie("obj")),
    arr: fc.array(tie("v"), { maxLength: 3 }),
    obj: fc.dictionary(fc.constantFrom(...words), tie("v"), { maxKeys: 5 }),
  })).obj;
  const samples = fc.sample(value, { numRuns: 100, seed: 42 });
  const qs = fc.sample(
    fc.dictionary(
      fc.constantFrom(...words, "from", "to", "filter", "orderBy", "order", "groupBy", "compare", "days"),
      leaf.map(String),
      { maxKeys: 3 },
    ),
    { numRuns: 40, seed: 7 },
  );
  for (const { method, path } of contracts) {
    const url = path.replace(/\{(\w+)\+?\}/g, (_, n) => (n === "name" ? "probe" : n === "provider" ? "openai" : "x"));
    for (const q of qs) {
      const r = await app.call(method, `${url}?${new URLSearchParams(q)}`, { body: method === "GET" ? undefined : {} });
      if (wrongAnswerAt(path, r.status, r.body))
        bad.push(`${method} ${url}?${new URLSearchParams(q)} → ${r.status} ${JSON.stringify(r.body).slice(0, 100)}`);
    }
    if (method === "GET") continue;
    for (const body of samples) {
      const r = await app.call(method, url, { body });
      if (wrongAnswerAt(path, r.status, r.body))
        bad.push(
          `${method} ${url} ${JSON.stringify(body).slice(0, 200)} → ${r.status} ${JSON.stringify(r.body).slice(0, 100)}`,
        );
    }
  }
  // The MCP tools get the same random objects as their arguments, through a well-formed `tools/call`: each
  // answer is a tool result (maybe a tool error), never a JSON-RPC error, an internal error or a 5xx.
  const mcpHeaders = { accept: "application/json, text/event-stream" };
  const toolWords = [
    ...words,
    "queue",
    "itemId",
    "value",
    "comment",
    "groupBy",
    "status",
    "orderBy",
    "order",
    "userId",
    "sessionId",
    "stringValue",
    "dataType",
  ];
  const argument = fc.letrec((tie) => ({
    v: fc.oneof({ depthSize: "small" }, leaf, tie("arr"), tie("obj")),
    arr: fc.array(tie("v"), { maxLength: 3 }),
    obj: fc.dictionary(fc.constantFrom(...toolWords), tie("v"), { maxKeys: 5 }),
  })).obj;
  const toolSamples = fc.sample(argument, { numRuns: 40, seed: 11 });
  for (const tool of Mcp.TOOLS) {
    for (const args of toolSamples) {
      const r = await app.call("POST", "/v1/mcp", {
        headers: mcpHeaders,
        body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool.name, arguments: args } },
      });
      if (r.status !== 200 || !r.body?.result)
        bad.push(
          `tools/call ${tool.name} ${JSON.stringify(args).slice(0, 200)} → ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`,
        );
    }
  }
  expect(bad).toEqual([]);
}, 600_000);

// The /v1/auth proxy is not an http() endpoint (its contract is better-auth's): its paths get the same treatment,
// random bodies and query strings, with and without a session cookie, and must answer in our error body.
it("answers the /v1/auth proxy's random input with a non-5xx, in the error body when it refuses", async () => {
  const email = `fuzz-${Math.random().toString(36).slice(2)}@example.com`;
  const signUp = await fetch(`${app.url}/v1/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "fuzz password 1", name: "fuzz" }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const paths = [
    "sign-up/email",
    "sign-in/email",
    "sign-in/magic-link",
    "magic-link/verify",
    "two-factor/enable",
    "two-factor/verify-totp",
    "two-factor/disable",
    "revoke-session",
    "revoke-sessions",
    "admin/ban-user",
    "admin/list-users",
    "get-session",
    "list-sessions",
    "sign-out",
    "no-such-endpoint",
  ];
  const words = [
    "email",
    "password",
    "name",
    "token",
    "code",
    "userId",
    "callbackURL",
    "errorCallbackURL",
    "banReason",
    "rememberMe",
    "trustDevice",
  ];
  const leaf = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom("", "a@b.c", email, "http://evil.example/", "/", "000000", "null"),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
  );
  const bodies = fc.sample(
    fc.dictionary(fc.constantFrom(...words), fc.oneof(leaf, fc.array(leaf, { maxLength: 2 })), { maxKeys: 4 }),
    { numRuns: 25, seed: 11 },
  );
  const bad: string[] = [];
  for (const path of paths) {
    for (const [i, body] of bodies.entries()) {
      const headers: Record<string, string> = {
        "content-type": "application/json",
        origin: app.url,
        ...(i % 2 ? { cookie } : {}),
      };
      const query = new URLSearchParams(
        Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      for (const method of ["GET", "POST"]) {
        const res = await fetch(`${app.url}/v1/auth/${path}${method === "GET" ? `?${query}` : ""}`, {
          method,
          headers,
          body: method === "POST" ? JSON.stringify(body) : undefined,
          redirect: "manual",
        });
        const text = await res.text();
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(text);
        } catch {}
        if (wrongAnswer(res.status, parsed))
          bad.push(
            `${method} /v1/auth/${path} ${JSON.stringify(body).slice(0, 120)} → ${res.status} ${text.slice(0, 100)}`,
          );
      }
    }
  }
  expect(bad).toEqual([]);
}, 600_000);
