import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary: `Comparison matrix of runs (?runs=a,b, at most ${Datasets.MAX_COMPARED_RUNS}): items × runs with trace ids and score means, plus each run's means`,
  tags: ["datasets"],
  path: Datasets.DatasetPath,
  query: Datasets.CompareQuery,
  response: Datasets.Comparison,
  run: ({ path, query }, { deps, principal }) => Datasets.compareRuns(deps, principal.projectId, path.name, query),
});
