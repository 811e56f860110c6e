import * as Exports from "@core/exports";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary:
    "Schedule an export of traces, observations and/or scores to an S3 bucket, hourly or daily; keys are sealed, or the service's own role writes",
  tags: ["exports"],
  body: Exports.ExportConfigBody,
  response: Exports.ExportConfigView,
  status: 201,
  run: ({ body }, { deps, principal }) => Exports.createExportConfig(deps, principal, body),
});
