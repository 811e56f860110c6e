import * as Exports from "@core/exports";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "One scheduled export",
  tags: ["exports"],
  path: Exports.ExportConfigPath,
  response: Exports.ExportConfigView,
  run: ({ path }, { deps, principal }) => Exports.getExportConfig(deps, principal.projectId, path.id),
});
