import * as Traces from "@core/traces";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Apply the retention policy now; answers the counts deleted",
  tags: ["retention"],
  response: Traces.RetentionResult,
  run: (_input, { deps, principal }) => Traces.applyRetention(deps, principal),
});
