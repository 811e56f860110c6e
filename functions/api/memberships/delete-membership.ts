import * as Tenancy from "@core/tenancy";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Remove a person from the organization or withdraw their invitation (the last OWNER stays)",
  tags: ["memberships"],
  body: Tenancy.DeleteMembershipBody,
  response: z.object({ email: z.string() }),
  run: ({ body }, { deps, principal }) => Tenancy.deleteMembership(deps, principal, body),
});
