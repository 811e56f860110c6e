import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary:
    "Langfuse-compatible model list: the project's custom prices, then the built-in ones (isLangfuseManaged), by page",
  tags: ["model-prices"],
  query: Langfuse.PageQuery,
  response: Langfuse.paged(Langfuse.LfModel),
  run: ({ query }, { deps, principal }) => Langfuse.listLfModels(deps, principal.projectId, query),
});
