import * as Auth from "@core/auth";
import { http } from "../../_lib/http";
import { sessions } from "../../_runtime/ports/sessions";

export const handler = http({
  role: "VIEWER",
  summary:
    "Who is calling: the signed-in person with their organizations, roles, projects and CSRF token, or the API key",
  tags: ["auth"],
  projectOptional: true,
  uses: [sessions],
  response: Auth.MeResponse,
  run: (_input, { deps, principal, session }) => Auth.describeCaller(deps, principal, session),
});
