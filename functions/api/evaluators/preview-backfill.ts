import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary:
    "How many traces of the last `days` days match the filters and the evaluator's filterName, and how many a backfill would score (its sample, at most the cap)",
  tags: ["evaluators"],
  query: Evaluators.BackfillPreviewQuery,
  response: Evaluators.BackfillPreview,
  run: ({ query }, { deps, principal }) => Evaluators.previewBackfill(deps, principal.projectId, query),
});
