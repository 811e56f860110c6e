import * as Tenancy from "@core/tenancy";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "List the project's active API keys (never their secrets)",
  tags: ["api-keys"],
  response: z.object({ data: z.array(Tenancy.ApiKey) }),
  run: async (_input, { deps, principal }) => ({ data: await Tenancy.listApiKeys(deps, principal.projectId) }),
});
