import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary:
    "An evaluator's execution log, newest first: each evaluation completed (with its score), failed (with the reason) or skipped; filter by status or trigger",
  tags: ["evaluators"],
  path: Evaluators.EvaluatorPath,
  query: Evaluators.ListExecutionsQuery,
  response: Evaluators.ExecutionPage,
  run: ({ path, query }, { deps, principal }) => Evaluators.listExecutions(deps, principal.projectId, path.name, query),
});
