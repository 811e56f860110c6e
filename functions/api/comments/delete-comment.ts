import * as Comments from "@core/comments";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Delete your own comment; 403 for another author's",
  tags: ["comments"],
  path: Comments.CommentPath,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  run: ({ path }, { deps, principal }) => Comments.deleteComment(deps, principal, path.id),
});
