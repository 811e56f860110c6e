import * as Langfuse from "@core/langfuse";
import * as z from "zod";
import { langfuseHttp } from "../../_lib/langfuse-http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "VIEWER",
  uses: [telemetry],
  summary:
    "Langfuse-compatible metrics query (?query=<JSON>): the traces, observations, scores-numeric and scores-categorical views, the measures we compute, by their dimensions and day",
  tags: ["metrics"],
  query: z.object({ query: z.string().min(1).max(20_000) }),
  response: z.object({ data: z.array(z.record(z.string(), z.unknown())) }),
  run: ({ query }, { deps, principal }) =>
    Langfuse.queryMetrics(deps, principal.projectId, Langfuse.parseMetricsQuery(query.query)),
});
