export { callTool, type ToolResult } from "./call-tool";
export { listTools, type ToolDescriptor } from "./list-tools";
export { McpAnswer, McpMessage } from "./mcp.schema";
export { mcpChallenge, mcpPrincipal } from "./principal";
export type { EndpointKey, McpDeps, McpTool } from "./tool";
export { findTool, scopeOf, TOOLS, toolsFor } from "./tools";
