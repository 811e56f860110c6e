import * as Traces from "@core/traces";
import { http } from "../../_lib/http";
import { blobs } from "../../_runtime/ports/blobs";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "ADMIN",
  uses: [blobs, telemetry],
  summary: "Apply the retention policy now; answers the counts deleted",
  tags: ["retention"],
  response: Traces.RetentionResult,
  run: (_input, { deps, principal }) => Traces.applyRetention(deps, principal),
});
