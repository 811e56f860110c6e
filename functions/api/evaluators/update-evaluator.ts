import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Save the next version of an evaluator: the whole definition, as for create",
  tags: ["evaluators"],
  path: Evaluators.EvaluatorPath,
  body: Evaluators.UpdateEvaluatorBody,
  response: Evaluators.EvaluatorDetail,
  run: ({ path, body }, { deps, principal }) => Evaluators.updateEvaluator(deps, principal, path.name, body),
});
