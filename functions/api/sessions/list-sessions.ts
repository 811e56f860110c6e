import * as Traces from "@core/traces";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary: "Sessions (traces sharing a sessionId), most recently active first, with trace count and cost",
  tags: ["sessions"],
  query: Traces.ListSessionsQuery,
  response: Traces.SessionPage,
  run: ({ query }, { deps, principal }) => Traces.listSessions(deps, principal.projectId, query),
});
