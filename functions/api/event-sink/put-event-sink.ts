import * as Automations from "@core/automations";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary:
    "Set the project's event sink: a capture-style API that receives trace and score events in batches; the key is sealed",
  tags: ["automations"],
  body: Automations.EventSinkBody,
  response: Automations.EventSinkView,
  run: ({ body }, { deps, principal }) => Automations.putEventSink(deps, principal, body),
});
