import * as Automations from "@core/automations";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Replace an automation's settings; an absent secret keeps the stored one while the action stays the same",
  tags: ["automations"],
  path: Automations.AutomationPath,
  body: Automations.AutomationBody,
  response: Automations.CreatedAutomation,
  run: ({ path, body }, { deps, principal }) => Automations.updateAutomation(deps, principal, path.id, body),
});
