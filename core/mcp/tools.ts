import { roleAtLeast, type Role } from "../platform/roles";
import { READ_TOOLS } from "./read-tools";
import type { McpTool } from "./tool";
import { WRITE_TOOLS } from "./write-tools";

/** The tools in the order `tools/list` shows them: reads before the writes of the same resource. */
const ORDER = ["list_traces", "get_trace", "search_observations", "get_metrics", "list_prompts", "get_prompt", "save_prompt", "set_prompt_label", "list_datasets", "add_dataset_items", "create_score", "run_evaluator", "list_review_items", "submit_review"];

/** Every tool of the MCP server (docs/mcp.md, "Tools"). */
export const TOOLS: readonly McpTool[] = [...READ_TOOLS, ...WRITE_TOOLS].sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));

const BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));

/** The tool of that name, if there is one. */
export const findTool = (name: string): McpTool | undefined => BY_NAME.get(name);

/** The tools a caller of `role` may see and call: those whose least role it has. */
export const toolsFor = (role: Role): McpTool[] => TOOLS.filter((t) => roleAtLeast(role, t.role));
