import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary:
    "Create an evaluator from a template; any evaluator field given overrides the template's, the name defaults to the template id",
  tags: ["evaluators"],
  body: Evaluators.FromTemplateBody,
  response: Evaluators.EvaluatorDetail,
  status: 201,
  run: ({ body }, { deps, principal }) => Evaluators.createFromTemplate(deps, principal, body),
});
