import * as Langfuse from "@core/langfuse";
import * as z from "zod";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse-compatible comment read; 404 for an unknown id",
  tags: ["comments"],
  path: z.object({ commentId: z.string().min(1).max(200) }),
  response: Langfuse.LfComment,
  run: ({ path }, { deps, principal }) => Langfuse.getLfComment(deps, principal, path.commentId),
});
