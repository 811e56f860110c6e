import * as Comments from "@core/comments";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [telemetry],
  summary: "The comments on one object, oldest first; 404 for an unknown object",
  tags: ["comments"],
  query: Comments.CommentsQuery,
  response: Comments.CommentList,
  run: ({ query }, { deps, principal }) => Comments.listComments(deps, principal, query),
});
