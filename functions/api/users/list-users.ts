import * as Traces from "@core/traces";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary:
    "End users (the userId of traces), most recently active first, with trace and session counts, cost and tokens",
  tags: ["users"],
  query: Traces.ListUsersQuery,
  response: Traces.UserPage,
  run: ({ query }, { deps, principal }) => Traces.listUsers(deps, principal.projectId, query),
});
