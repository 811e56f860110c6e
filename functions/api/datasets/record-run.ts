import * as Datasets from "@core/datasets";
import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";
import { queues } from "../../_runtime/ports/queues";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [telemetry, queues],
  summary:
    "Record a run linking items to traces ({runName, version?, metadata?, items: [{datasetItemId, traceId, observationId?}], evaluators?}); the evaluators score each item once its trace has an output; 409 when the run exists",
  tags: ["datasets"],
  path: Datasets.DatasetPath,
  body: Datasets.RecordRunBody,
  response: Datasets.RunDetail,
  status: 201,
  run: ({ path, body }, { deps, principal }) => Evaluators.recordExperimentRun(deps, principal, path.name, body),
});
