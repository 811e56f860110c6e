import * as Scores from "@core/scores";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary:
    "Score analytics: distribution and daily timeline of one score; with `compare`, agreement of two scores over traces that carry both",
  tags: ["scores"],
  query: Scores.AnalyticsQuery,
  response: Scores.ScoreAnalytics,
  run: ({ query }, { deps, principal }) => Scores.scoreAnalytics(deps, principal.projectId, query),
});
