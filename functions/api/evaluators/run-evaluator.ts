import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Run an evaluator on a trace (or one of its observations): writes a score with source EVAL (re-runs overwrite it) and appends eval.completed",
  tags: ["evaluators"],
  path: Evaluators.EvaluatorPath,
  body: Evaluators.RunEvaluatorBody,
  response: Evaluators.RunEvaluatorResult,
  run: ({ path, body }, { deps, principal }) => Evaluators.runEvaluator(deps, principal, path.name, body),
});
