import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "VIEWER",
  uses: [telemetry],
  summary:
    "Langfuse-compatible daily metrics: per day (newest first) traces, observations, cost and usage per model, by page",
  tags: ["metrics"],
  query: Langfuse.LfDailyMetricsQuery,
  response: Langfuse.paged(Langfuse.LfDailyMetric),
  run: ({ query }, { deps, principal }) => Langfuse.dailyMetrics(deps, principal.projectId, query),
});
