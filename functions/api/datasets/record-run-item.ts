import * as Datasets from "@core/datasets";
import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";
import { queues } from "../../_runtime/ports/queues";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [telemetry, queues],
  summary:
    "Link one dataset item to its trace within a run (the run is created on first use); reporting the item again replaces its trace; the run's evaluators score it",
  tags: ["datasets"],
  body: Datasets.RunItemBody,
  response: Datasets.RunItemRecorded,
  status: 201,
  run: ({ body }, { deps, principal }) => Evaluators.recordExperimentRunItem(deps, principal, body),
});
