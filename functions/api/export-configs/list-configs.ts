import * as Exports from "@core/exports";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary:
    "The project's scheduled exports to S3, with each one's mark (every row received before it has been exported) and last error",
  tags: ["exports"],
  response: Exports.ExportConfigList,
  run: (_, { deps, principal }) => Exports.listExportConfigs(deps, principal.projectId),
});
