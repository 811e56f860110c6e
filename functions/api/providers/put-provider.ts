import * as Evaluators from "@core/evaluators";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary:
    "Store this project's credentials for a judge provider; the key is encrypted under the key ring and never returned",
  tags: ["providers"],
  path: Evaluators.ProviderPath,
  body: Evaluators.ProviderCredentialsBody,
  response: Evaluators.ProviderView,
  run: ({ path, body }, { deps, principal }) => Evaluators.putProviderCredentials(deps, principal, path.provider, body),
});
