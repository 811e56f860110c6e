import * as Reviews from "@core/reviews";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary:
    "Create a review queue: the score its reviewers write (scoreName, dataType, and the labels or range it takes); 409 when the name exists",
  tags: ["reviews"],
  body: Reviews.CreateQueueBody,
  response: Reviews.QueueView,
  status: 201,
  run: ({ body }, { deps, principal }) => Reviews.createQueue(deps, principal, body),
});
