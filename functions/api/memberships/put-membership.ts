import * as Auth from "@core/auth";
import * as Tenancy from "@core/tenancy";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary:
    "Add a person to the organization or change their role; an email whose address is not yet proven gets a pending invitation",
  tags: ["memberships"],
  body: Tenancy.PutMembershipBody,
  response: Tenancy.Membership,
  run: ({ body }, { deps, principal }) => Tenancy.putMembership(deps, principal, body, Auth.provenAccount),
});
