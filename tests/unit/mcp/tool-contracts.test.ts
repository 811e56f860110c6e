import { fileURLToPath } from "node:url";
import * as Mcp from "@core/mcp";
import type { HttpContract } from "@functions/_lib/http";
import { loadHandler } from "@functions/local/load-handler";
import { routeKey, routes } from "@functions/routes";
import { describe, expect, it } from "vitest";
import type * as z from "zod";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** The contract of the endpoint a tool mirrors, read from its handler as the router and the OpenAPI generator read it. */
async function contractOf(endpoint: string): Promise<HttpContract> {
  const route = routes.find((r) => routeKey(r) === endpoint);
  if (!route) throw new Error(`${endpoint} is not in the route table`);
  return ((await loadHandler(root, route.handler)) as unknown as { contract: HttpContract }).contract;
}

type Shaped = z.ZodType & { shape?: Record<string, z.ZodType>; _zod: { def: { checks?: unknown[] } } };

/* The tools and the endpoints share one definition of their input (docs/mcp.md, "Tools"): they cannot drift. */
describe("MCP tools against their endpoints' contracts", () => {
  it("has the 15 tools, each mirroring a route of the route table", () => {
    expect(Mcp.TOOLS.map((t) => t.name).sort()).toEqual([
      "add_dataset_items",
      "add_trace_to_dataset",
      "create_score",
      "get_metrics",
      "get_prompt",
      "get_trace",
      "list_datasets",
      "list_prompts",
      "list_review_items",
      "list_traces",
      "run_evaluator",
      "save_prompt",
      "search_observations",
      "set_prompt_label",
      "submit_review",
    ]);
    for (const t of Mcp.TOOLS)
      expect(
        routes.some((r) => routeKey(r) === t.endpoint),
        t.endpoint,
      ).toBe(true);
  });

  for (const tool of Mcp.TOOLS) {
    describe(tool.name, () => {
      it(`needs the least role of ${tool.endpoint}`, async () => {
        expect(tool.role).toBe((await contractOf(tool.endpoint)).role);
      });

      it(`takes ${tool.endpoint}'s own schema objects as its input`, async () => {
        const contract = await contractOf(tool.endpoint);
        const parts = [contract.path, contract.query, contract.body].filter(
          (p): p is z.ZodType => p !== undefined,
        ) as Shaped[];
        const input = tool.input as Shaped;

        if (parts.length === 1) expect(input).toBe(parts[0]);
        else {
          // Merged with `.extend`/`.safeExtend`: every field is the very schema object of the part it came from,
          // nothing is added, and the parts' refinements come along.
          expect(Object.keys(input.shape!).sort()).toEqual(parts.flatMap((p) => Object.keys(p.shape!)).sort());
          for (const part of parts) {
            for (const [key, schema] of Object.entries(part.shape!)) expect(input.shape![key], key).toBe(schema);
            for (const check of part._zod.def.checks ?? []) expect(input._zod.def.checks ?? []).toContain(check);
          }
        }
      });
    });
  }

  it("describes each input as a JSON object schema, read tools marked read-only", () => {
    const listed = Mcp.listTools({ role: "ADMIN" });

    expect(listed.map((t) => t.inputSchema.type)).toEqual(listed.map(() => "object"));
    expect(listed.filter((t) => t.annotations.readOnlyHint).map((t) => t.name)).toEqual(
      Mcp.toolsFor({ role: "VIEWER" }).map((t) => t.name),
    );
    expect(listed.find((t) => t.name === "get_prompt")!.inputSchema).toMatchObject({
      required: ["name"],
      properties: { name: {}, channel: {}, version: {} },
    });
  });

  it("needs sightline:read for exactly the VIEWER tools and sightline:write for the tools that need MEMBER", () => {
    for (const tool of Mcp.TOOLS)
      expect(Mcp.scopeOf(tool), tool.name).toBe(tool.role === "VIEWER" ? "sightline:read" : "sightline:write");
  });

  it("lists a token's tools by its role and its scopes together", () => {
    const names = (scopes: string[]) => Mcp.toolsFor({ role: "MEMBER", scopes }).map((t) => t.name);

    expect(names(["sightline:read"])).toEqual(Mcp.toolsFor({ role: "VIEWER" }).map((t) => t.name));
    expect(names(["sightline:write"])).toEqual([
      "save_prompt",
      "set_prompt_label",
      "add_dataset_items",
      "add_trace_to_dataset",
      "create_score",
      "run_evaluator",
      "submit_review",
    ]);
    expect(names(["openid", "offline_access"])).toEqual([]);
    expect(Mcp.toolsFor({ role: "VIEWER", scopes: ["sightline:read", "sightline:write"] }).map((t) => t.name)).toEqual(
      Mcp.toolsFor({ role: "VIEWER" }).map((t) => t.name),
    );
  });
});
