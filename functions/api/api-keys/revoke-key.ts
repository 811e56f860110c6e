import * as Tenancy from "@core/tenancy";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Revoke an API key by id or publicKey; it gets 401 from its next call",
  tags: ["api-keys"],
  body: Tenancy.KeyRef,
  response: Tenancy.RevokedApiKey,
  run: ({ body }, { deps, principal }) => Tenancy.revokeApiKey(deps, principal, body),
});
