import * as Datasets from "@core/datasets";
import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";
import { outbound } from "../../_runtime/ports/outbound";
import { queues } from "../../_runtime/ports/queues";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [outbound, telemetry, queues],
  summary:
    "Create the empty run, then send the signed dataset.run.requested trigger to the runner; the answer says whether the runner accepted; `evaluators` score each item the runner reports",
  tags: ["datasets"],
  path: Datasets.DatasetPath,
  body: Datasets.RemoteRunBody,
  response: Datasets.RemoteRunAnswer,
  status: 201,
  run: ({ path, body }, { deps, principal }) => Evaluators.requestRemoteExperiment(deps, principal, path.name, body),
});
