import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse-compatible comment list: newest first, by page, filtered by object and author",
  tags: ["comments"],
  query: Langfuse.LfCommentsQuery,
  response: Langfuse.paged(Langfuse.LfComment),
  run: ({ query }, { deps, principal }) => Langfuse.listLfComments(deps, principal, query),
});
