import * as Automations from "@core/automations";
import { http } from "../../_lib/http";
import { outbound } from "../../_runtime/ports/outbound";

export const handler = http({
  role: "ADMIN",
  uses: [outbound],
  summary: "Send a succeeded or failed delivery again now, as a new series of attempts; 409 while it is pending",
  tags: ["automations"],
  path: Automations.DeliveryPath,
  response: Automations.DeliveryView,
  run: ({ path }, { deps, principal }) => Automations.retryDelivery(deps, principal, path.id, path.deliveryId),
});
