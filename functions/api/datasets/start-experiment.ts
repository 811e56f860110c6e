import * as Datasets from "@core/datasets";
import * as Experiments from "@core/experiments";
import { http } from "../../_lib/http";
import { queues } from "../../_runtime/ports/queues";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [telemetry, queues],
  summary:
    "Run a prompt version over the dataset: each item is compiled with the mapped variables, sent to the model, recorded as a trace and linked to the run, then scored by the evaluators. Answers 202 with the queued run; GET the run for its progress",
  tags: ["datasets"],
  path: Datasets.DatasetPath,
  body: Experiments.StartExperimentBody,
  response: Experiments.ExperimentRunDetail,
  status: 202,
  run: ({ path, body }, { deps, principal }) => Experiments.startExperiment(deps, principal, path.name, body),
});
