import * as Auth from "@core/auth";
import * as z from "zod";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Delete one of the organization's SSO identity providers; people keep their memberships",
  tags: ["sso"],
  path: Auth.SsoProviderPath,
  response: z.object({ id: z.string() }),
  run: ({ path }, { deps, principal }) => Auth.deleteSsoProvider(deps, principal, path.id),
});
