import * as Automations from "@core/automations";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "The automation's deliveries, newest first, each with its status, attempts and every attempt's outcome",
  tags: ["automations"],
  path: Automations.AutomationPath,
  query: Automations.DeliveriesQuery,
  response: Automations.DeliveryList,
  run: ({ path, query }, { deps, principal }) => Automations.listDeliveries(deps, principal.projectId, path.id, query),
});
