import * as Exports from "@core/exports";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Remove a scheduled export (the objects it wrote stay in the bucket)",
  tags: ["exports"],
  path: Exports.ExportConfigPath,
  response: z.object({ deleted: z.literal(true) }),
  run: ({ path }, { deps, principal }) => Exports.deleteExportConfig(deps, principal, path.id),
});
