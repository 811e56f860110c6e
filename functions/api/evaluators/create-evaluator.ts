import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary:
    "Create an evaluator (version 1): a judge prompt (kind JUDGE, the default) or a code expression (kind CODE, compiled at save: a broken one is a 400 naming the position)",
  tags: ["evaluators"],
  body: Evaluators.CreateEvaluatorBody,
  response: Evaluators.EvaluatorDetail,
  status: 201,
  run: ({ body }, { deps, principal }) => Evaluators.createEvaluator(deps, principal, body),
});
