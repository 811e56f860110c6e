import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [telemetry],
  summary: "Record a run linking items to traces ({runName, version?, metadata?, items: [{datasetItemId, traceId, observationId?}]}); 409 when the run exists",
  tags: ["datasets"],
  path: Datasets.DatasetPath,
  body: Datasets.RecordRunBody,
  response: Datasets.RunDetail,
  status: 201,
  run: ({ path, body }, { deps, principal }) => Datasets.recordRun(deps, principal, path.name, body),
});
