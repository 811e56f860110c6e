import * as Comments from "@core/comments";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [telemetry],
  summary:
    "Comment on a trace, an observation, a session or a prompt version (markdown, mentions of members); fires comment.created; 404 for an unknown object",
  tags: ["comments"],
  body: Comments.CreateCommentBody,
  response: Comments.CommentView,
  status: 201,
  run: ({ body }, { deps, principal }) => Comments.createComment(deps, principal, body),
});
