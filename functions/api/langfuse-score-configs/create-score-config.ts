import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "MEMBER",
  summary:
    "Langfuse-compatible score config creation, as POST /v1/score-configs; categories are ordered labels (value = position)",
  tags: ["scores"],
  body: Langfuse.LfCreateScoreConfigBody,
  response: Langfuse.LfScoreConfig,
  run: ({ body }, { deps, principal }) => Langfuse.createLfScoreConfig(deps, principal, body),
});
