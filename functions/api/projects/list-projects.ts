import * as Tenancy from "@core/tenancy";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "VIEWER",
  summary: "List the projects of this key's organization",
  tags: ["projects"],
  response: z.object({ data: z.array(Tenancy.Project) }),
  run: async (_input, { deps, principal }) => ({ data: await Tenancy.listProjects(deps, principal) }),
});
