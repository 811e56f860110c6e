import * as Scores from "@core/scores";
import * as z from "zod";
import { langfuseHttp } from "../../_lib/langfuse-http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = langfuseHttp({
  role: "MEMBER",
  uses: [telemetry],
  summary: "Langfuse-compatible score deletion, as DELETE /v1/scores/{id}; audited",
  tags: ["scores"],
  path: z.object({ scoreId: z.string().min(1).max(200) }),
  response: z.object({ message: z.string() }),
  status: 202,
  run: async ({ path }, { deps, principal }) => {
    await Scores.deleteScore(deps, principal, path.scoreId);
    return { message: "Score deleted" };
  },
});
