import * as Datasets from "@core/datasets";
import { http } from "../../_lib/http";
import { blobs } from "../../_runtime/ports/blobs";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [blobs, telemetry],
  summary: `Add an item for every observation a span-explorer selection matches (the filters of GET /v1/observations), the newest ${Datasets.MAX_SOURCES_PER_REQUEST} at most; observations already copied or failing the item schema are skipped with the reason. 400 when nothing matches`,
  tags: ["datasets"],
  path: Datasets.DatasetPath,
  body: Datasets.FromObservationsBody,
  response: Datasets.FromObservationsResult,
  run: ({ path, body }, { deps, principal }) => Datasets.addItemsFromObservations(deps, principal, path.name, body),
});
