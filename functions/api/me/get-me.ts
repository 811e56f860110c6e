import * as Auth from "@core/auth";
import { http } from "../../_lib/http";
import { auth } from "../../_runtime/ports/auth";

export const handler = http({
  role: "VIEWER",
  summary:
    "Who is calling: the signed-in person with their organizations, roles, projects and CSRF token, or the API key",
  tags: ["auth"],
  projectOptional: true,
  uses: [auth],
  response: Auth.MeResponse,
  run: (_input, { deps, principal, session }) => Auth.describeCaller(deps, principal, session),
});
