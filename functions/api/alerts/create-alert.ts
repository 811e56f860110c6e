import * as Alerts from "@core/alerts";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary:
    "Create an alert rule: a metric over a window ending now, checked every minute against a threshold; 409 when the name exists",
  tags: ["alerts"],
  body: Alerts.AlertRuleBody,
  response: Alerts.AlertView,
  status: 201,
  run: ({ body }, { deps, principal }) => Alerts.createAlert(deps, principal, body),
});
