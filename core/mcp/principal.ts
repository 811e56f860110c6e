import * as Auth from "../auth";
import type { Deps } from "../platform/deps";
import { unauthorized } from "../platform/errors";
import type { Principal } from "../platform/principal";
import * as Tenancy from "../tenancy";

const BEARER = /^bearer\s+(\S+)\s*$/i;

/**
 * Who calls `/v1/mcp` (docs/mcp.md, "OAuth"): a project API key in HTTP Basic, as on every endpoint, or an
 * OAuth 2.1 bearer token this service issued for the `/v1/mcp` resource. A token stands for its person: the
 * project is the `X-Sightline-Project` header's or the person's only one, and the role their membership role,
 * read on every request, as for a session (docs/auth.md, "Sessions").
 * @throws unauthorized when the credentials are missing, malformed, unknown, revoked, expired or for another resource.
 */
export async function mcpPrincipal(deps: Pick<Deps, "db" | "config" | "caches" | "auth">, headers: Record<string, string | undefined>): Promise<Principal> {
  const bearer = BEARER.exec(headers.authorization ?? "");
  if (!bearer) return Tenancy.authenticate(deps, headers.authorization);
  const found = await deps.auth.bearerUser(bearer[1]!);
  if (!found) throw unauthorized("The bearer token is invalid, expired or not issued for this MCP server; authorize again");
  return (await Auth.userPrincipal(deps, found.userId, headers[Auth.SESSION_PROJECT_HEADER] ?? null)).principal;
}

/** The 401 challenge of `/v1/mcp`: Bearer first (MCP clients read the first scheme), then Basic for keys. */
export function mcpChallenge(deps: Pick<Deps, "auth">): string {
  const basic = 'Basic realm="sightline"';
  const oauth = deps.auth.oauth;
  if (!oauth) return basic;
  const resource = new URL(oauth.resource);
  return `Bearer resource_metadata="${resource.origin}/.well-known/oauth-protected-resource${resource.pathname}", ${basic}`;
}
