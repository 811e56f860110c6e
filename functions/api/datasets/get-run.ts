import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary: "A run with its item-to-trace links and the mean of each numeric score over its traces",
  tags: ["datasets"],
  path: Datasets.RunPath,
  response: Datasets.RunDetail,
  run: ({ path }, { deps, principal }) => Datasets.getRun(deps, principal.projectId, path.name, path.run),
});
