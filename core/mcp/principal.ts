import type { Deps } from "../platform/deps";
import type { Principal } from "../platform/principal";
import * as Tenancy from "../tenancy";

/**
 * Who calls `/v1/mcp` (docs/mcp.md, "Credentials and the OAuth seam"): today a project API key in HTTP
 * Basic, as on every endpoint. This is the one place where an OAuth 2.1 bearer token issued by the service
 * will also resolve to a principal (the token's project and its user's role on it).
 * @throws unauthorized when the credentials are missing, malformed, unknown, revoked or wrong.
 */
export function mcpPrincipal(deps: Pick<Deps, "db" | "config" | "caches">, headers: Record<string, string | undefined>): Promise<Principal> {
  return Tenancy.authenticate(deps, headers.authorization);
}
