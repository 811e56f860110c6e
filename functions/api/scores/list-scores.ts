import * as Traces from "@core/traces";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary:
    "Scores of the project, newest first; filters by name, source, dataType, trace, observation and value ranges",
  tags: ["scores"],
  query: Traces.ListScoresQuery,
  response: Traces.ScorePage,
  run: ({ query }, { deps, principal }) => Traces.listScores(deps, principal.projectId, query),
});
