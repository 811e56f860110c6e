import * as Alerts from "@core/alerts";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "Alert rules of the project, by name, with their state and last value",
  tags: ["alerts"],
  response: Alerts.AlertList,
  run: (_input, { deps, principal }) => Alerts.listAlerts(deps, principal.projectId),
});
