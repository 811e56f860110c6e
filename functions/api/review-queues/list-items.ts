import * as Reviews from "@core/reviews";
import { http } from "../../_lib/http";
import { blobs } from "../../_runtime/ports/blobs";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry, blobs],
  summary: "Items of a review queue, oldest first, each with its trace's name, input, output and timestamp",
  tags: ["reviews"],
  path: Reviews.QueuePath,
  query: Reviews.ListItemsQuery,
  response: Reviews.ItemPage,
  run: ({ path, query }, { deps, principal }) => Reviews.listItems(deps, principal.projectId, path.queue, query),
});
