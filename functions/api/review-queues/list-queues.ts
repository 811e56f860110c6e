import * as Reviews from "@core/reviews";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "Review queues of the project, by name, with their pending and done counts",
  tags: ["reviews"],
  response: Reviews.QueueList,
  run: (_input, { deps, principal }) => Reviews.listQueues(deps, principal.projectId),
});
