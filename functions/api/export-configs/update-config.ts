import * as Exports from "@core/exports";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Replace a scheduled export's definition (keys absent: kept; null: removed); its mark is kept",
  tags: ["exports"],
  path: Exports.ExportConfigPath,
  body: Exports.ExportConfigBody,
  response: Exports.ExportConfigView,
  run: ({ path, body }, { deps, principal }) => Exports.updateExportConfig(deps, principal, path.id, body),
});
