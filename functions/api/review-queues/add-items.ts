import * as Reviews from "@core/reviews";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [telemetry],
  summary:
    "Enqueue traces for review; a trace already pending is skipped, an id that is not a trace of the project is refused in errors",
  tags: ["reviews"],
  path: Reviews.QueuePath,
  body: Reviews.AddItemsBody,
  response: Reviews.AddItemsResult,
  status: 201,
  run: ({ path, body }, { deps, principal }) => Reviews.addItems(deps, principal, path.queue, body.traceIds),
});
