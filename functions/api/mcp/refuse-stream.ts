import * as Mcp from "@core/mcp";
import { http, Reply } from "../../_lib/http";
import { oauthResource } from "../../_runtime/ports/oauth-resource";

// A stateless server keeps no SSE stream (GET) and no session to end (DELETE): 405 with the JSON-RPC error the
// SDK's own stateless servers send, which MCP clients expect (docs/mcp.md, "Transport").
export const handler = http({
  role: "VIEWER",
  uses: [oauthResource],
  credentials: { authenticate: Mcp.mcpPrincipal, challenge: Mcp.mcpChallenge },
  summary: "MCP server: no server-sent event stream and no session to end on this stateless server (405)",
  tags: ["mcp"],
  run: async () =>
    new Reply(
      405,
      { jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null },
      { allow: "POST" },
    ),
});
