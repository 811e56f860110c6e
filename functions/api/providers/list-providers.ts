import * as Evaluators from "@core/evaluators";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary:
    "Every judge provider and whether this project can use it (mock always; openai and anthropic once credentials are stored)",
  tags: ["providers"],
  response: z.object({ data: z.array(Evaluators.ProviderView) }),
  run: (_input, { deps, principal }) => Evaluators.listProviders(deps, principal.projectId),
});
