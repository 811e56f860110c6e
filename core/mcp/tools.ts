import * as Auth from "../auth";
import type { Principal } from "../platform/principal";
import { roleAtLeast } from "../platform/roles";
import { READ_TOOLS } from "./read-tools";
import type { McpTool } from "./tool";
import { WRITE_TOOLS } from "./write-tools";

/** The tools in the order `tools/list` shows them: reads before the writes of the same resource. */
const ORDER = [
  "list_traces",
  "get_trace",
  "search_observations",
  "get_metrics",
  "list_prompts",
  "get_prompt",
  "save_prompt",
  "set_prompt_label",
  "list_datasets",
  "add_dataset_items",
  "add_trace_to_dataset",
  "create_score",
  "run_evaluator",
  "list_review_items",
  "submit_review",
];

/** Every tool of the MCP server (docs/mcp.md, "Tools"). */
export const TOOLS: readonly McpTool[] = [...READ_TOOLS, ...WRITE_TOOLS].sort(
  (a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name),
);

const BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));

/** The tool of that name, if there is one. */
export const findTool = (name: string): McpTool | undefined => BY_NAME.get(name);

const WRITES = new Set(WRITE_TOOLS.map((t) => t.name));

/** The OAuth scope a tool needs (docs/mcp.md, "Scopes"): `sightline:write` for the tools that write, else `sightline:read`. */
export const scopeOf = (t: McpTool): string => (WRITES.has(t.name) ? Auth.WRITE_SCOPE : Auth.READ_SCOPE);

/** Whether the caller's credentials reach the tool's scope: keys and sessions have no scopes and reach every tool. */
export const scopeAllows = (principal: Pick<Principal, "scopes">, t: McpTool): boolean =>
  !principal.scopes || principal.scopes.includes(scopeOf(t));

/** The tools a caller may see and call: those whose least role it has and, for an OAuth token, whose scope it was granted. */
export const toolsFor = (principal: Pick<Principal, "role" | "scopes">): McpTool[] =>
  TOOLS.filter((t) => roleAtLeast(principal.role, t.role) && scopeAllows(principal, t));
