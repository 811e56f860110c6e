import * as Auth from "../auth";
import type { Deps } from "../platform/deps";
import { notFound, unauthorized } from "../platform/errors";
import type { Principal } from "../platform/principal";
import * as Tenancy from "../tenancy";

const BEARER = /^bearer\s+(\S+)\s*$/i;

/**
 * Who calls `/v1/mcp` (docs/mcp.md, "OAuth"): a project API key in HTTP Basic, as on every endpoint, or an
 * OAuth 2.1 bearer token this service issued for the `/v1/mcp` resource. A token stands for its person while its
 * grant is alive (read from the store on every request: not banned, the sign-in session and the consent still
 * there); the project is the one the consent was limited to, else the `X-Sightline-Project` header's or the
 * person's only one, and the role their membership role, read on every request, as for a session
 * (docs/auth.md, "Sessions"). The token's scopes, as far as the consent still grants them, bound its tools.
 * @throws unauthorized when the credentials are missing, malformed, unknown, revoked, expired, bound to a DPoP key
 * or for another resource; not_found when the project named is not the one the grant is limited to.
 */
export async function mcpPrincipal(
  deps: Pick<Deps, "db" | "clock" | "config" | "caches" | "oauthResource">,
  headers: Record<string, string | undefined>,
): Promise<Principal> {
  const bearer = BEARER.exec(headers.authorization ?? "");
  if (!bearer) return Tenancy.authenticate(deps, headers.authorization);
  const token = await deps.oauthResource.bearerToken(bearer[1]!);
  if (!token)
    throw unauthorized("The bearer token is invalid, expired or not issued for this MCP server; authorize again");
  // A sender-constrained token would be worth nothing if it were taken as a plain bearer (docs/mcp.md, "DPoP").
  if (token.boundToKey)
    throw unauthorized(
      "The access token is bound to a DPoP key (cnf), and this MCP server does not verify DPoP proofs; authorize again without DPoP",
    );
  const grant = await Auth.liveGrant(deps, token);
  if (!grant)
    throw unauthorized(
      "The grant behind this token has ended (signed out, session revoked, consent withdrawn or account banned); authorize again",
    );
  const named = headers[Auth.SESSION_PROJECT_HEADER] ?? null;
  // Another project than the grant's is answered as another project's key is: not found.
  if (grant.projectId && named && named !== grant.projectId) throw notFound("project", named);
  const { principal } = await Auth.userPrincipal(deps, token.userId, grant.projectId ?? named);
  return { ...principal, scopes: token.scopes.filter((s) => grant.consentedScopes.includes(s)) };
}

/**
 * The 401 challenge of `/v1/mcp`: Bearer first (MCP clients read the first scheme) with the scopes a client should
 * ask for (MCP clients request the challenge's `scope`; `offline_access` gets a refresh token), then Basic for keys.
 */
export function mcpChallenge(deps: Pick<Deps, "oauthResource">): string {
  const basic = 'Basic realm="sightline"';
  const oauth = deps.oauthResource.oauth;
  if (!oauth) return basic;
  const resource = new URL(oauth.resource);
  return `Bearer resource_metadata="${resource.origin}/.well-known/oauth-protected-resource${resource.pathname}", scope="${Auth.MCP_REQUESTED_SCOPES.join(" ")}", ${basic}`;
}
