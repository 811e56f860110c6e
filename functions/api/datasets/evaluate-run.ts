import * as Datasets from "@core/datasets";
import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";
import { queues } from "../../_runtime/ports/queues";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [telemetry, queues],
  summary:
    "Score an existing run with evaluators: each item is evaluated once its trace has an output, with dataset.* bound to the item; answers 202 at once",
  tags: ["datasets"],
  path: Datasets.RunPath,
  body: Datasets.EvaluateRunBody,
  response: Datasets.EvaluateRunAnswer,
  status: 202,
  run: ({ path, body }, { deps, principal }) =>
    Evaluators.evaluateRun(deps, principal, path.name, path.run, body.evaluators),
});
