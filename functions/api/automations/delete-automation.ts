import * as Automations from "@core/automations";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Delete an automation with its delivery log",
  tags: ["automations"],
  path: Automations.AutomationPath,
  response: z.object({ deleted: z.literal(true) }),
  run: ({ path }, { deps, principal }) => Automations.deleteAutomation(deps, principal, path.id),
});
