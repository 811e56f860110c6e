import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { allFunctions, bundleWithPackages, MIGRATE_HANDLER, ROOT, sizeOf } from "./bundle";

/*
 * What each function's bundle carries and weighs, as `sst deploy` builds it (tests/lambda/bundle.ts, the shared
 * cached build): the libraries its handler's ports allow, the sign-in stack only where better-auth runs, and the size
 * target. The Lambda-fidelity suite (fidelity.test.ts, fidelity-sign-in.test.ts) runs the same bundles.
 */
const functions = allFunctions();
let files = new Map<string, string>();
let packages = new Map<string, Set<string>>();

beforeAll(async () => {
  ({ files, packages } = await bundleWithPackages(functions));
}, 240_000);

/** Issue 31's target for every function as shipped (docs/deployment.md, "What ships"). */
const SIZE_TARGET = 1_000_000;
/**
 * The one function over the target, better-auth with its plugins (docs/deployment.md: no split of `/v1/auth/*`
 * by plugin gets each part under 1 MB). Held at what it ships now, so a library that grows it is seen.
 */
const OVER_TARGET = new Map([["functions/api/auth/proxy.handler", 2_550_000]]);

/** The ports a function declared: routes, crons and the worker expose them; the migration opens every store. */
async function portsOf(handler: string): Promise<string[]> {
  if (handler === MIGRATE_HANDLER) return ["telemetry", "blobs", "queues"];
  const module = (await import(join(ROOT, `${handler.slice(0, handler.lastIndexOf("."))}.ts`))) as {
    handler: { ports?: string[] };
  };
  if (!module.handler.ports) throw new Error(`${handler} does not expose the ports it uses`);
  return module.handler.ports;
}

/** Client libraries and the port that alone may bring each into a bundle (docs/deployment.md). */
const LIBRARY_PORT: Record<string, string> = {
  openai: "llm",
  "@anthropic-ai/sdk": "llm",
  "@clickhouse/client": "telemetry",
};

/** The OTLP routes: the only ones that decode protobuf. */
const OTLP_HANDLERS = new Set(["functions/api/ingest/otel-traces.handler", "functions/api/ingest/otel-logs.handler"]);

describe("what each bundle carries", () => {
  it("holds a client library only where the handler declared its port, and no AWS SDK at all", async () => {
    const strays: string[] = [];
    for (const f of functions) {
      const ports = await portsOf(f.handler);
      const carried = packages.get(f.handler)!;
      for (const [library, port] of Object.entries(LIBRARY_PORT))
        if (carried.has(library) && !ports.includes(port))
          strays.push(`${f.handler}: ${library} without the ${port} port`);
      // S3, Secrets Manager, SQS, EventBridge and SES are spoken over signed fetch (docs/deployment.md, "What ships").
      for (const library of carried)
        if (/^@(aws-sdk|smithy)\//.test(library) || library === "chdb" || library === "@electric-sql/pglite")
          strays.push(`${f.handler}: ${library}`);
      if (carried.has("protobufjs") && !OTLP_HANDLERS.has(f.handler)) strays.push(`${f.handler}: the OTLP decoder`);
    }

    expect(strays, strays.join("\n")).toEqual([]);
    // The check sees the libraries: the evaluator run carries both LLM SDKs, the OTLP route the decoder.
    expect([...packages.get("functions/api/evaluators/run-evaluator.handler")!]).toEqual(
      expect.arrayContaining(["openai", "@anthropic-ai/sdk", "@clickhouse/client"]),
    );
    expect(packages.get("functions/api/ingest/otel-traces.handler")!.has("protobufjs")).toBe(true);
  });

  it("keeps the LLM SDKs out of the MCP server: its judges run in the model-call function, which carries both", () => {
    const mcp = packages.get("functions/api/mcp/post-message.handler")!;
    const modelCall = packages.get("functions/workers/model-call.handler")!;

    expect([...mcp].filter((p) => p === "openai" || p === "@anthropic-ai/sdk")).toEqual([]);
    // The check sees the SDKs where they are, and the MCP server still carries what its other tools need.
    expect([...modelCall]).toEqual(expect.arrayContaining(["openai", "@anthropic-ai/sdk"]));
    expect([...mcp]).toEqual(expect.arrayContaining(["@modelcontextprotocol/sdk", "@clickhouse/client", "aws4fetch"]));
  });

  it("carries the sign-in stack only in the functions that need better-auth itself (/v1/auth)", async () => {
    const carriers: string[] = [];
    const keyOnly: string[] = [];
    for (const f of functions) {
      if ([...packages.get(f.handler)!].some((p) => p === "better-auth" || p.startsWith("@better-auth/")))
        carriers.push(f.handler);
      if (f.handler === MIGRATE_HANDLER) continue;
      const module = (await import(join(ROOT, `${f.handler.slice(0, f.handler.lastIndexOf("."))}.ts`))) as {
        handler: { readsCookies?: boolean };
      };
      if (module.handler.readsCookies === false) keyOnly.push(f.handler);
    }
    // MCP and the OAuth discovery documents check tokens and write metadata without it
    // (docs/mcp.md, "Checking tokens without the sign-in stack"), and they carry jose, which checks the tokens.
    const oauthRoutes = functions
      .map((f) => f.handler)
      .filter((h) => /\/api\/(mcp|oauth)\//.test(h) && !h.endsWith("get-consent.handler"));
    expect(oauthRoutes.sort()).toEqual([...OAUTH_RESOURCE_ROUTES].sort());
    for (const handler of OAUTH_RESOURCE_ROUTES) {
      expect(carriers, `${handler} carries better-auth`).not.toContain(handler);
      expect(packages.get(handler)!.has("jose"), `${handler} carries no jose`).toBe(true);
    }
    // Cookie routes read the session without better-auth (docs/auth.md, "Sessions without the sign-in stack").
    expect(carriers.sort()).toEqual([...SIGN_IN_STACK].sort());
    expect(keyOnly).toEqual(
      expect.arrayContaining([
        "functions/api/ingest/ingest-batch.handler",
        "functions/api/ingest/otel-traces.handler",
        "functions/api/ingest/otel-logs.handler",
      ]),
    );
  });
});

/** The only function that opens better-auth: its own routes under /v1/auth (the auth proxy). */
const SIGN_IN_STACK = ["functions/api/auth/proxy.handler"];

/** The OAuth resource server's routes: `/v1/mcp` and the discovery documents, which must not carry better-auth. */
const OAUTH_RESOURCE_ROUTES = [
  "functions/api/oauth/well-known.handler",
  "functions/api/mcp/post-message.handler",
  "functions/api/mcp/refuse-stream.handler",
];

describe("what each function ships", () => {
  it("is within 1 MB, but for the auth proxy, which is held at its budget", async () => {
    const over = functions
      .map((f) => ({ handler: f.handler, bytes: sizeOf(files.get(f.handler)!) }))
      .filter(({ handler, bytes }) => bytes > (OVER_TARGET.get(handler) ?? SIZE_TARGET));

    expect(over).toEqual([]);
  }, 240_000);
});
