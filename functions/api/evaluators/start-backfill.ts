import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";
import { queues } from "../../_runtime/ports/queues";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [telemetry, queues],
  summary:
    "Queue a backfill: the evaluator scores the newest traces of the last `days` days (its sample, at most 5000) on the worker; 202 at once, 409 while one runs, 400 for thread scope",
  tags: ["evaluators"],
  path: Evaluators.EvaluatorPath,
  body: Evaluators.StartBackfillBody,
  response: Evaluators.BackfillQueued,
  status: 202,
  run: ({ path, body }, { deps, principal }) => Evaluators.startBackfill(deps, principal, path.name, body),
});
