import * as Evaluators from "@core/evaluators";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Remove this project's credentials for a provider",
  tags: ["providers"],
  path: Evaluators.ProviderPath,
  response: z.object({ provider: z.enum(Evaluators.KEYED_PROVIDERS), deleted: z.literal(true) }),
  run: ({ path }, { deps, principal }) => Evaluators.deleteProviderCredentials(deps, principal, path.provider),
});
