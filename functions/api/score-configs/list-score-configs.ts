import * as Scores from "@core/scores";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "Score configs of the project, by name",
  tags: ["scores"],
  query: Scores.ListScoreConfigsQuery,
  response: Scores.ScoreConfigList,
  run: ({ query }, { deps, principal }) => Scores.listScoreConfigs(deps, principal.projectId, query),
});
