import * as Datasets from "@core/datasets";
import * as Experiments from "@core/experiments";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary:
    "A run with its item-to-trace links and the mean of each numeric score over its traces; an experiment run by Sightline adds its progress",
  tags: ["datasets"],
  path: Datasets.RunPath,
  response: Experiments.ExperimentRunDetail,
  run: ({ path }, { deps, principal }) => Experiments.getExperimentRun(deps, principal.projectId, path.name, path.run),
});
