import * as Traces from "@core/traces";
import { http } from "../../_lib/http";
import { blobs } from "../../_runtime/ports/blobs";
import { telemetry } from "../../_runtime/ports/telemetry";

export const handler = http({
  role: "VIEWER",
  uses: [blobs, telemetry],
  summary: "One trace with its observations, scores, total cost and latency",
  tags: ["traces"],
  response: Traces.TraceDetail,
  path: Traces.TracePath,
  run: ({ path }, { deps, principal }) => Traces.getTrace(deps, principal.projectId, path.id),
});
