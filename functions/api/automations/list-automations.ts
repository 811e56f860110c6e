import * as Automations from "@core/automations";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "Automations of the project, by name; secrets are never returned (hasSecret)",
  tags: ["automations"],
  response: Automations.AutomationList,
  run: (_input, { deps, principal }) => Automations.listAutomations(deps, principal.projectId),
});
