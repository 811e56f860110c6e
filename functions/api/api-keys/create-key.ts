import * as Tenancy from "@core/tenancy";
import { http } from "../../_lib/http";

export const handler = http({
  role: "ADMIN",
  summary: "Mint an API key for this project; the secret is returned in this answer only",
  tags: ["api-keys"],
  body: Tenancy.CreateApiKeyBody,
  response: Tenancy.MintedApiKey,
  status: 201,
  run: ({ body }, { deps, principal }) => Tenancy.createApiKey(deps, principal, body),
});
