import * as Reviews from "@core/reviews";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "A review queue with its pending and done counts",
  tags: ["reviews"],
  path: Reviews.QueuePath,
  response: Reviews.QueueView,
  run: ({ path }, { deps, principal }) => Reviews.getQueue(deps, principal.projectId, path.queue),
});
