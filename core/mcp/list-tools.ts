import * as z from "zod";
import type { Role } from "../platform/roles";
import type { McpTool } from "./tool";
import { toolsFor } from "./tools";

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
  const { $schema: _, ...schema } = z.toJSONSchema(t.input, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return { ...schema, type: "object" };
}

const descriptors = new Map<string, ToolDescriptor>();

/** What `tools/list` answers a caller of `role`: only the tools it may call (docs/mcp.md, "Roles"). */
export function listTools(role: Role): ToolDescriptor[] {
  return toolsFor(role).map((t) => {
    let d = descriptors.get(t.name);
    if (!d) descriptors.set(t.name, (d = { name: t.name, description: t.description, inputSchema: inputSchemaOf(t), annotations: { readOnlyHint: t.role === "VIEWER" } }));
    return d;
  });
}
