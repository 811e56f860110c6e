import * as Langfuse from "@core/langfuse";
import * as z from "zod";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "MEMBER",
  summary:
    "Langfuse-compatible score config update: archive or restore it (isArchived), as PATCH /v1/score-configs/{id}",
  tags: ["scores"],
  path: z.object({ configId: z.string().min(1).max(200) }),
  body: Langfuse.LfUpdateScoreConfigBody,
  response: Langfuse.LfScoreConfig,
  run: ({ path, body }, { deps, principal }) => Langfuse.updateLfScoreConfig(deps, principal, path.configId, body),
});
