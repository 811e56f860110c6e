import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";
import { outbound } from "../../_runtime/ports/outbound";

export const handler = http({
  role: "MEMBER",
  uses: [outbound],
  summary: "Create the empty run, then send the signed dataset.run.requested trigger to the runner; the answer says whether the runner accepted",
  tags: ["datasets"],
  path: Datasets.DatasetPath,
  body: Datasets.RemoteRunBody,
  response: Datasets.RemoteRunAnswer,
  status: 201,
  run: ({ path, body }, { deps, principal }) => Datasets.requestRemoteRun(deps, principal, path.name, body),
});
