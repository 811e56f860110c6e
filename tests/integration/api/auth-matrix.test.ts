import { fileURLToPath } from "node:url";
import * as Mcp from "@core/mcp";
import { roleAtLeast } from "@core/platform/roles";
import { type RouteDef, routeKey, routes } from "@functions/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exemptRoutes, loadContracts } from "../../../scripts/openapi/load-contracts";
import { errorOf } from "../../support/error-body";
import { startTestApp, type TestApp } from "../../support/local-app";
import type { Key } from "../../support/projects";
import { crossProjectProbes } from "./cross-project-probes";
import { callTool, toolProbes } from "./mcp-tool-probes";
import { probeTrace } from "./resource-probes";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** A concrete path for a route: parameters get a placeholder value. */
const concrete = (r: RouteDef) => r.path.replace(/\{(\w+)\+?\}/g, "probe-$1");

/**
 * The only routes without credentials (`public` in their contract): a share link's token is the credential
 * (docs/auth.md, "Share links"). A new public route must be added here, with its own block below.
 */
const PUBLIC_ROUTES = new Set<string>(["GET /v1/shared/{token}", "GET /api/public/health"]);

/**
 * POST routes that change nothing (compile, dry runs): VIEWER keys may call them. The MCP endpoint lets a VIEWER
 * in because each tool checks its own least role (the "MCP tools" block below); DELETE /v1/mcp only answers 405.
 */
const READ_ONLY_NON_GET = new Set<string>([
  "POST /v1/prompts/{name}/compile",
  "POST /v1/evaluators/test-expression",
  "POST /v1/datasets/{name}/runs/{run}/gate",
  "POST /v1/mcp",
  "DELETE /v1/mcp",
]);

describe("auth matrix over every route of the route table", () => {
  let app: TestApp;
  let viewer: Key;
  let revoked: Key;
  let otherProject: Key;
  let contracts: Awaited<ReturnType<typeof loadContracts>>;
  let exempt: Map<string, string>;

  beforeAll(async () => {
    app = await startTestApp();
    contracts = await loadContracts(root);
    exempt = await exemptRoutes(root);
    viewer = (await app.call("POST", "/v1/api-keys", { body: { role: "VIEWER" } })).body;
    revoked = (await app.call("POST", "/v1/api-keys", { body: { role: "ADMIN" } })).body;
    await app.call("DELETE", "/v1/api-keys", { body: { id: (revoked as any).id } });
    otherProject = (await app.call("POST", "/v1/projects", { body: { name: "other" } })).body;
  });
  afterAll(() => app?.close());

  // better-auth's own endpoints (`/v1/auth/{proxy+}`) are not http() endpoints: sign-up and sign-in are public
  // by design and the rest check the session themselves. Their module states why; these probes pin it down.
  for (const route of routes.filter((r) => r.path.startsWith("/v1/auth/"))) {
    it(`${routeKey(route)} is exempt with a stated reason, and refuses session-only actions without a session`, async () => {
      const probe =
        route.method === "GET"
          ? await app.call("GET", "/v1/auth/list-sessions", { key: null })
          : await app.call("POST", "/v1/auth/revoke-sessions", { key: null, body: {} });

      expect(exempt.get(routeKey(route))).toMatch(/better-auth/);
      expect(probe.status).toBe(401);
      expect(probe.body.error.code).toBe("unauthorized");
    });
  }

  // OAuth discovery metadata (`/.well-known/*`) is public by design (docs/mcp.md, "OAuth"): an MCP client reads it before it has a token.
  for (const route of routes.filter((r) => r.path.startsWith("/.well-known/"))) {
    it(`${routeKey(route)} is exempt with a stated reason and answers without credentials`, async () => {
      const res = await app.call(
        "GET",
        route.path
          .replace("/{proxy+}", "/v1/mcp")
          .replace("oauth-authorization-server/v1/mcp", "oauth-authorization-server/v1/auth"),
        { key: null },
      );

      expect(exempt.get(routeKey(route))).toMatch(/OAuth discovery/);
      expect([200, 404]).toContain(res.status);
    });
  }

  it("declares public exactly the routes listed in PUBLIC_ROUTES, each with a stated reason", () => {
    const declared = contracts.filter((c) => c.contract.public).map((c) => `${c.method} ${c.path}`);

    expect(new Set(declared)).toEqual(PUBLIC_ROUTES);
    for (const c of contracts.filter((c) => c.contract.public))
      expect(c.contract.public).toMatch(
        c.path === "/api/public/health" ? /Langfuse answers without credentials/ : /share link/i,
      );
  });

  it("GET /v1/shared/{token} answers without credentials (a live link 200, an unknown one 404, never 401), whatever credentials come along", async () => {
    const id = await probeTrace(app, {});
    const link = (await app.call("POST", `/v1/traces/${id}/share-links`, { body: {} })).body;

    const live = await app.call("GET", `/v1/shared/${link.token}`, { key: null });
    const unknown = await app.call("GET", "/v1/shared/probe-token", { key: null });
    const wrong = await app.call("GET", `/v1/shared/${link.token}`, {
      key: { ...app.admin, secretKey: "sk-sl-wrong" },
    });
    const gone = await app.call("GET", `/v1/shared/${link.token}`, { key: revoked });

    expect(live.status).toBe(200);
    expect(live.body.id).toBe(id);
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 404,
      body: { error: { code: "not_found", message: "Share link not found" } },
    });
    expect([wrong.status, gone.status]).toEqual([200, 200]);
  });

  for (const route of routes.filter((r) => !r.path.startsWith("/v1/auth/") && !r.path.startsWith("/.well-known/"))) {
    describe(routeKey(route), () => {
      it.skipIf(PUBLIC_ROUTES.has(routeKey(route)))(
        "answers 401 without credentials, with a wrong secret and with a revoked key",
        async () => {
          const path = concrete(route);

          const none = await app.call(route.method, path, { key: null, body: {} });
          const wrong = await app.call(route.method, path, {
            key: { ...app.admin, secretKey: "sk-sl-wrong" },
            body: {},
          });
          const gone = await app.call(route.method, path, { key: revoked, body: {} });

          for (const res of [none, wrong, gone]) {
            expect(res.status).toBe(401);
            expect(errorOf(res.body)?.code).toBe("unauthorized");
          }
        },
      );

      it("applies the endpoint's least role to a VIEWER key", async () => {
        const contract = contracts.find((c) => c.method === route.method && c.path === route.path)!.contract;

        const res = await app.call(route.method, concrete(route), { key: viewer, body: {} });

        if (roleAtLeast("VIEWER", contract.role)) expect([401, 403]).not.toContain(res.status);
        else expect({ status: res.status, code: errorOf(res.body)?.code }).toEqual({ status: 403, code: "forbidden" });
      });

      const probe = crossProjectProbes[routeKey(route)];
      if (route.path.includes("{") || probe) {
        it("answers 404 to another project's key", async () => {
          expect(probe, `add a cross-project probe for ${routeKey(route)}`).toBeDefined();

          expect(await probe!(app, otherProject)).toBe(404);
        });
      }
    });
  }

  describe("MCP tools", () => {
    for (const tool of Mcp.TOOLS) {
      it(`${tool.name}: applies the tool's least role (${tool.role}) to a VIEWER key`, async () => {
        const answer = await callTool(app, viewer, tool.name, {});

        if (roleAtLeast("VIEWER", tool.role)) expect(answer.structuredContent?.error?.code).not.toBe("forbidden");
        else
          expect(answer).toMatchObject({
            isError: true,
            structuredContent: {
              error: { code: "forbidden", message: `This tool needs the ${tool.role} role; the caller has VIEWER` },
            },
          });
      });

      it(`${tool.name}: keeps this project's resources from another project's key`, async () => {
        expect(toolProbes[tool.name], `add an MCP tool probe for ${tool.name}`).toBeDefined();

        expect(await toolProbes[tool.name]!(app, otherProject)).toBe("not_found");
      });
    }
  });

  it("requires the write role for every non-GET route except declared read-only ones", () => {
    const writes = contracts.filter((c) => c.method !== "GET" && !READ_ONLY_NON_GET.has(`${c.method} ${c.path}`));

    expect(writes.filter((c) => c.contract.role === "VIEWER").map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });
});
