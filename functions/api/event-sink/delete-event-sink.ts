import * as Automations from "@core/automations";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Remove the project's event sink and the events waiting for it",
  tags: ["automations"],
  response: z.object({ deleted: z.literal(true) }),
  run: (_input, { deps, principal }) => Automations.deleteEventSink(deps, principal),
});
