import * as Datasets from "@core/datasets";
import * as Experiments from "@core/experiments";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [telemetry],
  summary:
    "Cancel an experiment run by Sightline: its pending items stop, what is done stays; a run already ended or cancelled answers 409",
  tags: ["datasets"],
  path: Datasets.RunPath,
  response: Experiments.ExperimentRunDetail,
  run: ({ path }, { deps, principal }) => Experiments.cancelExperiment(deps, principal, path.name, path.run),
});
