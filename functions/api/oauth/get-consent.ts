import * as Auth from "@core/auth";
import { http } from "../../_lib/http";

// The console's consent page asks this before the person allows an MCP client (docs/mcp.md, "Consent").
export const handler = http({
  role: "VIEWER",
  projectOptional: true,
  summary:
    "What an OAuth consent grants: the client's registered name, the host its redirect sends the code to, and the scopes in words",
  tags: ["auth"],
  query: Auth.ConsentInfoQuery,
  response: Auth.ConsentInfo,
  run: ({ query }, { deps }) => Auth.describeConsent(deps, query),
});
