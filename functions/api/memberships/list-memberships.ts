import * as Tenancy from "@core/tenancy";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "List the people of this key's organization and their roles, with pending invitations",
  tags: ["memberships"],
  response: z.object({ data: z.array(Tenancy.Membership) }),
  run: async (_input, { deps, principal }) => ({ data: await Tenancy.listMemberships(deps, principal) }),
});
