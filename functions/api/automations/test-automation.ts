import * as Automations from "@core/automations";
import { http } from "../../_lib/http";
import { outbound } from "../../_runtime/ports/outbound";

export const handler = http({
  role: "ADMIN",
  uses: [outbound],
  summary:
    "Send a sample event of the automation's trigger once, now, and answer the delivery with its outcome (not retried)",
  tags: ["automations"],
  path: Automations.AutomationPath,
  response: Automations.DeliveryView,
  run: ({ path }, { deps, principal }) => Automations.testAutomation(deps, principal, path.id),
});
