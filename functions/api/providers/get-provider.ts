import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "A provider's stored settings: base URL and when they were saved, never the key",
  tags: ["providers"],
  path: Evaluators.ProviderPath,
  response: Evaluators.ProviderView,
  run: ({ path }, { deps, principal }) => Evaluators.getProviderCredentials(deps, principal.projectId, path.provider),
});
