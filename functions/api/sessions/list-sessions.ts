import * as Traces from "@core/traces";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "Sessions (traces sharing a sessionId), most recently active first, with trace count and cost",
  tags: ["sessions"],
  query: Traces.ListSessionsQuery,
  response: Traces.SessionPage,
  run: ({ query }, { deps, principal }) => Traces.listSessions(deps, principal.projectId, query),
});
