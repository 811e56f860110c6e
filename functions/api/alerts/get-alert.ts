import * as Alerts from "@core/alerts";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "An alert rule with its state (ok or firing) and its history of transitions, newest first",
  tags: ["alerts"],
  path: Alerts.AlertPath,
  response: Alerts.AlertDetail,
  run: ({ path }, { deps, principal }) => Alerts.getAlert(deps, principal.projectId, path.id),
});
