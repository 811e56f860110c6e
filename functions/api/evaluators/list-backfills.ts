import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "Backfills of the project, newest first, with their progress (processed, failed) and the recorded cap",
  tags: ["evaluators"],
  query: Evaluators.ListBackfillsQuery,
  response: Evaluators.BackfillList,
  run: ({ query }, { deps, principal }) => Evaluators.listBackfills(deps, principal.projectId, query),
});
