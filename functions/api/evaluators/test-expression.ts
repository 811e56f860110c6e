import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "Dry-run a code evaluator expression on a sample item: the raw value even when it is not a valid score",
  tags: ["evaluators"],
  body: Evaluators.TestExpressionBody,
  response: Evaluators.ExpressionRunView,
  run: async ({ body }) => Evaluators.testExpression(body),
});
