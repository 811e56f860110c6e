import * as Comments from "@core/comments";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Edit your own comment (its body and mentions); 403 for another author's",
  tags: ["comments"],
  path: Comments.CommentPath,
  body: Comments.UpdateCommentBody,
  response: Comments.CommentView,
  run: ({ path, body }, { deps, principal }) => Comments.updateComment(deps, principal, path.id, body),
});
