import * as Langfuse from "@core/langfuse";
import * as z from "zod";
import { langfuseHttp } from "../../_lib/langfuse-http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "VIEWER",
  uses: [telemetry],
  summary: "Langfuse-compatible score read (v2); 404 for a score the project does not hold",
  tags: ["scores"],
  path: z.object({ scoreId: z.string().min(1).max(200) }),
  response: Langfuse.LfScore,
  run: ({ path }, { deps, principal }) => Langfuse.getScoreV2(deps, principal.projectId, path.scoreId),
});
