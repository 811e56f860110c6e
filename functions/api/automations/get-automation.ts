import * as Automations from "@core/automations";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "One automation",
  tags: ["automations"],
  path: Automations.AutomationPath,
  response: Automations.AutomationView,
  run: ({ path }, { deps, principal }) => Automations.getAutomation(deps, principal.projectId, path.id),
});
