import * as Traces from "@core/traces";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary:
    "Score analytics: distribution and daily timeline of one score; with `compare`, agreement of two scores over traces that carry both",
  tags: ["scores"],
  query: Traces.AnalyticsQuery,
  response: Traces.ScoreAnalytics,
  run: ({ query }, { deps, principal }) => Traces.scoreAnalytics(deps, principal.projectId, query),
});
