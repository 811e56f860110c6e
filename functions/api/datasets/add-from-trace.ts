import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";
import { blobs } from "../../_runtime/ports/blobs";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [blobs, telemetry],
  summary:
    "Add an item copied from a trace or one of its observations: its input, output (as expected output) and metadata unless the body gives them; the source ids stay on the item. 404 for an unknown trace or observation, 409 when the source already has an item in the dataset",
  tags: ["datasets"],
  path: Datasets.DatasetPath,
  body: Datasets.FromTraceBody,
  response: Datasets.DatasetItemView,
  status: 201,
  run: ({ path, body }, { deps, principal }) => Datasets.addItemFromTrace(deps, principal, path.name, body),
});
