import * as Mcp from "@core/mcp";
import { http } from "../../_lib/http";
import { answerMcp } from "../../_lib/mcp-transport";
import { blobs } from "../../_runtime/ports/blobs";
import { oauthResource } from "../../_runtime/ports/oauth-resource";
import { queues } from "../../_runtime/ports/queues";
import { remoteLlm } from "../../_runtime/ports/remote-llm";
import { telemetry } from "../../_runtime/ports/telemetry";

// VIEWER may call: each tool checks its own least role, and a VIEWER lists and calls the read tools.
export const handler = http({
  role: "VIEWER",
  uses: [blobs, remoteLlm, oauthResource, queues, telemetry],
  credentials: { authenticate: Mcp.mcpPrincipal, challenge: Mcp.mcpChallenge },
  summary:
    "MCP server (streamable HTTP, stateless, JSON responses): JSON-RPC `initialize`, `tools/list` (the tools the caller's role allows) and `tools/call`; see docs/mcp.md",
  tags: ["mcp"],
  rawBody: true,
  body: Mcp.McpMessage,
  response: Mcp.McpAnswer,
  run: ({ headers, rawBody }, { deps, principal, requestId }) =>
    answerMcp(deps, principal, requestId, headers, rawBody),
});
