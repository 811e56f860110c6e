import * as Alerts from "@core/alerts";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Delete an alert rule with its history",
  tags: ["alerts"],
  path: Alerts.AlertPath,
  response: Alerts.DeletedAlert,
  run: ({ path }, { deps, principal }) => Alerts.deleteAlert(deps, principal, path.id),
});
