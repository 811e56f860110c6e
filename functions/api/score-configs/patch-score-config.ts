import * as Scores from "@core/scores";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Archive a score config (its name then takes any score) or restore it",
  tags: ["scores"],
  path: Scores.ScoreConfigPath,
  body: Scores.PatchScoreConfigBody,
  response: Scores.ScoreConfigView,
  run: ({ path, body }, { deps, principal }) => Scores.patchScoreConfig(deps, principal, path.id, body),
});
