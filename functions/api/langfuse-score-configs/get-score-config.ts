import * as Langfuse from "@core/langfuse";
import * as z from "zod";
import { langfuseHttp } from "../../_lib/langfuse-http";

export const handler = langfuseHttp({
  role: "VIEWER",
  summary: "Langfuse-compatible score config read; 404 for an unknown id",
  tags: ["scores"],
  path: z.object({ configId: z.string().min(1).max(200) }),
  response: Langfuse.LfScoreConfig,
  run: ({ path }, { deps, principal }) => Langfuse.getLfScoreConfig(deps, principal.projectId, path.configId),
});
