import * as Comments from "@core/comments";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "One comment",
  tags: ["comments"],
  path: Comments.CommentPath,
  response: Comments.CommentView,
  run: ({ path }, { deps, principal }) => Comments.getComment(deps, principal, path.id),
});
