import * as Auth from "@core/auth";
import { http } from "../../_lib/http";
import { dns } from "../../_runtime/ports/dns";

export const handler = http({
  role: "ADMIN",
  summary:
    "Verify an SSO provider's domain: looks up the TXT record its answer names; until then the provider signs no one in",
  tags: ["sso"],
  uses: [dns],
  path: Auth.SsoProviderPath,
  response: Auth.SsoProviderView,
  run: ({ path }, { deps, principal }) => Auth.verifySsoProvider(deps, principal, path.id),
});
