import * as Tenancy from "@core/tenancy";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Add a person to the organization or change their role (applies at once)",
  tags: ["memberships"],
  body: Tenancy.PutMembershipBody,
  response: Tenancy.Membership,
  run: ({ body }, { deps, principal }) => Tenancy.putMembership(deps, principal, body),
});
