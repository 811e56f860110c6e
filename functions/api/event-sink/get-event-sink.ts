import * as Automations from "@core/automations";
import { http } from "../../_lib/http";

export const handler = http({
  role: "MEMBER",
  summary: "The project's event sink (the key is never returned: hasApiKey), with its waiting and failed event counts",
  tags: ["automations"],
  response: Automations.EventSinkView,
  run: (_input, { deps, principal }) => Automations.getEventSink(deps, principal.projectId),
});
