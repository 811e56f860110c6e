import * as Traces from "@core/traces";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary:
    "Traces of the project, newest first, with observation count, cost and latency; simple filters and a `filter` JSON array",
  tags: ["traces"],
  query: Traces.ListTracesQuery,
  response: Traces.TracePage,
  run: ({ query }, { deps, principal }) => Traces.listTraces(deps, principal.projectId, query),
});
