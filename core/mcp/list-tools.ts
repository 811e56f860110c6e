import * as z from "zod";
import * as Auth from "../auth";
import type { Principal } from "../platform/principal";
import type { McpTool } from "./tool";
import { scopeOf, toolsFor } from "./tools";

/** A tool as `tools/list` describes it. */
export interface ToolDescriptor {
  name: string;
  description: string;
  inputSchema: { type: "object"; [key: string]: unknown };
  annotations: { readOnlyHint: boolean };
}

/**
 * The JSON Schema of a tool's input, as a client should send it (`io: "input"`: before defaults and
 * transforms). MCP wants an object schema at the top: a union of objects (save_prompt) keeps its `oneOf`
 * under `type: "object"`.
 */
function inputSchemaOf(t: McpTool): ToolDescriptor["inputSchema"] {
  const { $schema: _, ...schema } = z.toJSONSchema(t.input, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return { ...schema, type: "object" };
}

const descriptors = new Map<string, ToolDescriptor>();

/** What `tools/list` answers a caller: only the tools its role and its token's scopes let it call (docs/mcp.md, "Roles", "Scopes"). */
export function listTools(principal: Pick<Principal, "role" | "scopes">): ToolDescriptor[] {
  return toolsFor(principal).map((t) => {
    let d = descriptors.get(t.name);
    if (!d) {
      d = {
        name: t.name,
        description: t.description,
        inputSchema: inputSchemaOf(t),
        annotations: { readOnlyHint: scopeOf(t) === Auth.READ_SCOPE },
      };
      descriptors.set(t.name, d);
    }
    return d;
  });
}
