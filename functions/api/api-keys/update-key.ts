import * as Tenancy from "@core/tenancy";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Change an API key's role or note; applies from the key's next call",
  tags: ["api-keys"],
  body: Tenancy.UpdateApiKeyBody,
  response: Tenancy.ApiKey,
  run: ({ body: { id, publicKey, ...patch } }, { deps, principal }) =>
    Tenancy.updateApiKey(deps, principal, { id, publicKey }, patch),
});
