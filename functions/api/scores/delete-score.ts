import * as Scores from "@core/scores";
import * as z from "zod";
import { http } from "../../_lib/http";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "MEMBER",
  uses: [telemetry],
  summary: "Delete a score; audited",
  tags: ["scores"],
  path: z.object({ id: z.string().min(1).max(200) }),
  response: z.object({ deleted: z.object({ scores: z.number().int() }) }),
  run: ({ path }, { deps, principal }) => Scores.deleteScore(deps, principal, path.id),
});
