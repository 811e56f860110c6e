import * as Scores from "@core/scores";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary:
    "Create a score config: every new score of its name must fit its type, range or labels, on every path; 409 while an active one has the name",
  tags: ["scores"],
  body: Scores.CreateScoreConfigBody,
  response: Scores.ScoreConfigView,
  status: 201,
  run: ({ body }, { deps, principal }) => Scores.createScoreConfig(deps, principal, body),
});
