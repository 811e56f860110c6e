import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "An evaluator with its version history (newest first); the top level shows the newest version, or ?version=",
  tags: ["evaluators"],
  path: Evaluators.EvaluatorPath,
  query: Evaluators.DetailQuery,
  response: Evaluators.EvaluatorDetail,
  run: ({ path, query }, { deps, principal }) =>
    Evaluators.readEvaluator(deps.db, principal.projectId, path.name, query.version),
});
