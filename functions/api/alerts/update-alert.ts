import * as Alerts from "@core/alerts";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Replace an alert rule's definition (the whole body, as for create); its state stays until the next check",
  tags: ["alerts"],
  path: Alerts.AlertPath,
  body: Alerts.AlertRuleBody,
  response: Alerts.AlertView,
  run: ({ path, body }, { deps, principal }) => Alerts.updateAlert(deps, principal, path.id, body),
});
