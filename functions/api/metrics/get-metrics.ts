import * as Traces from "@core/traces";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary:
    "Cost, tokens, counts and latency percentiles per day (and environment and model), computed on the fly over [from, to)",
  tags: ["metrics"],
  query: Traces.MetricsQuery,
  response: Traces.MetricsResult,
  run: ({ query }, { deps, principal }) => Traces.getMetrics(deps, principal.projectId, query),
});
