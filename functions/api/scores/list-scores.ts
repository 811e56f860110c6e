import * as Scores from "@core/scores";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary:
    "Scores of the project, newest first; filters by name, source, dataType, trace, observation and value ranges",
  tags: ["scores"],
  query: Scores.ListScoresQuery,
  response: Scores.ScorePage,
  run: ({ query }, { deps, principal }) => Scores.listScores(deps, principal.projectId, query),
});
