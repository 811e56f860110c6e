import * as Langfuse from "@core/langfuse";
import { langfuseHttp } from "../../_lib/langfuse-http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "VIEWER",
  uses: [telemetry],
  summary:
    "Langfuse-compatible score list (v2): newest first, by page, with Langfuse's filters and each score's trace fields",
  tags: ["scores"],
  query: Langfuse.LfScoresQuery,
  response: Langfuse.paged(Langfuse.LfScore),
  run: ({ query }, { deps, principal }) => Langfuse.listScoresV2(deps, principal.projectId, query),
});
