import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary:
    'Check a run against minimum score means ({"thresholds": {"<score>": <minimum mean>}}); a score with no numeric value fails. Changes nothing',
  tags: ["datasets"],
  path: Datasets.RunPath,
  body: Datasets.GateBody,
  response: Datasets.GateResult,
  run: ({ path, body }, { deps, principal }) =>
    Datasets.gateRun(deps, principal.projectId, path.name, path.run, body.thresholds),
});
