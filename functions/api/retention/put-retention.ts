import * as Traces from "@core/traces";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary:
    "Set the retention policy: telemetry and blobs older than maxAgeDays are deleted daily at 03:00 UTC (0 keeps forever)",
  tags: ["retention"],
  body: Traces.PutRetention,
  response: Traces.RetentionPolicy,
  run: ({ body }, { deps, principal }) => Traces.putRetention(deps, principal, body),
});
