import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse-compatible score config list, by name, archived ones included, by page",
  tags: ["scores"],
  query: Langfuse.PageQuery,
  response: Langfuse.paged(Langfuse.LfScoreConfig),
  run: ({ query }, { deps, principal }) => Langfuse.listLfScoreConfigs(deps, principal.projectId, query),
});
