import * as Automations from "@core/automations";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary:
    "Create an automation: a trigger, an action (webhook, slack, github) and its target; a webhook without a secret gets a signing secret, returned in this answer only",
  tags: ["automations"],
  body: Automations.AutomationBody,
  response: Automations.CreatedAutomation,
  status: 201,
  run: ({ body }, { deps, principal }) => Automations.createAutomation(deps, principal, body),
});
