import * as Auth from "@core/auth";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "The organization's SSO identity providers, with the URLs their IdPs must be given (never a secret)",
  tags: ["sso"],
  response: Auth.SsoProviderList,
  run: (_input, { deps, principal }) => Auth.listSsoProviders(deps, principal),
});
