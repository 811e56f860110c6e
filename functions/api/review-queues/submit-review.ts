import * as Reviews from "@core/reviews";
import { http } from "../../_lib/http";
import { blobs } from "../../_runtime/ports/blobs";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [telemetry, blobs],
  summary:
    "Submit a review: writes an ANNOTATION score with the queue's score name and type and marks the item done; 400 for a value that does not fit, 409 when the item is done",
  tags: ["reviews"],
  path: Reviews.ItemPath,
  body: Reviews.SubmitReviewBody,
  response: Reviews.ReviewResult,
  status: 201,
  run: ({ path, body }, { deps, principal }) => Reviews.submitReview(deps, principal, path.queue, path.itemId, body),
});
