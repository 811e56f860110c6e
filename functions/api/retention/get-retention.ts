import * as Traces from "@core/traces";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "The project's retention policy (0 keeps forever)",
  tags: ["retention"],
  response: Traces.RetentionPolicy,
  run: (_input, { deps, principal }) => Traces.getRetention(deps, principal.projectId),
});
