import * as Auth from "@core/auth";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  status: 201,
  summary:
    "Register an OIDC or SAML identity provider for an email domain of the organization; the client secret is sealed and never returned",
  tags: ["sso"],
  body: Auth.SsoProviderBody,
  response: Auth.SsoProviderView,
  run: ({ body }, { deps, principal }) => Auth.registerSsoProvider(deps, principal, body),
});
