import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "MEMBER",
  summary:
    "Langfuse-compatible model creation: a custom price (POST /v1/model-prices), per token; one per modelName, saving it again replaces it",
  tags: ["model-prices"],
  body: Langfuse.LfCreateModelBody,
  response: Langfuse.LfModel,
  run: ({ body }, { deps, principal }) => Langfuse.createLfModel(deps, principal, body),
});
