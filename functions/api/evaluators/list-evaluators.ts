import * as Evaluators from "@core/evaluators";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "List the project's evaluators by name, each with its newest definition; filter by name, kind or online",
  tags: ["evaluators"],
  query: Evaluators.ListEvaluatorsQuery,
  response: z.object({ data: z.array(Evaluators.EvaluatorView), nextCursor: z.string().nullable() }),
  run: ({ query }, { deps, principal }) => Evaluators.listEvaluators(deps, principal.projectId, query),
});
