export { TOOLS, findTool, toolsFor, scopeOf } from "./tools";
export { listTools, type ToolDescriptor } from "./list-tools";
export { callTool, type ToolResult } from "./call-tool";
export { mcpPrincipal, mcpChallenge } from "./principal";
export type { McpTool, McpDeps, EndpointKey } from "./tool";
export { McpMessage, McpAnswer } from "./mcp.schema";
