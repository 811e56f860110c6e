import type { OAuthAddresses } from "./oauth-resource";
import { OAUTH_SCOPES, OFFLINE_SCOPE } from "./oauth-scopes";

/*
 * The OAuth discovery documents (RFC 8414, RFC 9728) as better-auth's MCP plugin writes them for our configuration
 * (core/auth/mcp-oauth.ts), without loading it (docs/mcp.md, "OAuth"). tests/integration/mcp/oauth-metadata.test.ts
 * compares them with better-auth's own output, so an upgrade that changes its documents fails there.
 * `dpop_signing_alg_values_supported` is left out: `/v1/mcp` refuses DPoP-bound tokens (docs/mcp.md, "DPoP"), and a
 * client that finds it not offered asks for plain bearer tokens (RFC 9449, section 5.1).
 */

/** The cache header better-auth's metadata responses carry. */
export const METADATA_CACHE_CONTROL = "public, max-age=15, stale-while-revalidate=15, stale-if-error=86400";

const AUTHORIZATION_SERVER_ONLY_SCOPES = new Set(["openid", "profile", "email", "phone", "address", OFFLINE_SCOPE]);
const SIGNING_ALGS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];
const CLIENT_AUTH = ["client_secret_basic", "client_secret_post", "private_key_jwt"];
/** The claims better-auth's provider lists for the scopes openid, profile and email. */
const CLAIMS = [
  "sub",
  "iss",
  "aud",
  "exp",
  "iat",
  "sid",
  "scope",
  "azp",
  "name",
  "picture",
  "given_name",
  "family_name",
  "email",
  "email_verified",
];

/** RFC 9728: the MCP resource, its authorization server and the scopes that apply to it. */
function protectedResource(oauth: OAuthAddresses): Record<string, unknown> {
  return {
    resource: oauth.resource,
    authorization_servers: [oauth.issuer],
    bearer_methods_supported: ["header"],
    scopes_supported: OAUTH_SCOPES.filter((s) => !AUTHORIZATION_SERVER_ONLY_SCOPES.has(s)),
  };
}

/** RFC 8414 (with OpenID Connect discovery's fields, since the scopes include `openid`): the authorization server. */
function authorizationServer(oauth: OAuthAddresses): Record<string, unknown> {
  const base = oauth.issuer;
  return {
    scopes_supported: [...OAUTH_SCOPES],
    issuer: oauth.issuer,
    authorization_endpoint: `${base}/oauth2/authorize`,
    token_endpoint: `${base}/oauth2/token`,
    jwks_uri: `${base}/jwks`,
    registration_endpoint: `${base}/oauth2/register`,
    introspection_endpoint: `${base}/oauth2/introspect`,
    revocation_endpoint: `${base}/oauth2/revoke`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "client_credentials", "refresh_token"],
    // Public clients (PKCE, no secret) may register themselves: "none" first.
    token_endpoint_auth_methods_supported: ["none", ...CLIENT_AUTH],
    token_endpoint_auth_signing_alg_values_supported: SIGNING_ALGS,
    introspection_endpoint_auth_methods_supported: CLIENT_AUTH,
    introspection_endpoint_auth_signing_alg_values_supported: SIGNING_ALGS,
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH,
    revocation_endpoint_auth_signing_alg_values_supported: SIGNING_ALGS,
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
    backchannel_logout_supported: true,
    backchannel_logout_session_supported: true,
    claims_supported: CLAIMS,
    claims_parameter_supported: true,
    userinfo_endpoint: `${base}/oauth2/userinfo`,
    subject_types_supported: ["public"],
    acr_values_supported: ["0"],
    id_token_signing_alg_values_supported: ["EdDSA"],
    end_session_endpoint: `${base}/oauth2/end-session`,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    prompt_values_supported: ["login", "consent", "create", "select_account", "none"],
  };
}

/**
 * The discovery document at `path`, or null where better-auth answers none: the authorization server's at
 * `/.well-known/oauth-authorization-server/v1/auth` (the issuer's path appended), the resource's at
 * `/.well-known/oauth-protected-resource` and `/.well-known/oauth-protected-resource/v1/mcp`.
 */
export function oauthMetadata(oauth: OAuthAddresses, path: string): Record<string, unknown> | null {
  const issuerPath = new URL(oauth.issuer).pathname.replace(/\/$/, "");
  const resourcePath = new URL(oauth.resource).pathname.replace(/\/$/, "");
  if (path === `/.well-known/oauth-authorization-server${issuerPath}`) return authorizationServer(oauth);
  if (
    path === "/.well-known/oauth-protected-resource" ||
    path === `/.well-known/oauth-protected-resource${resourcePath}`
  )
    return protectedResource(oauth);
  return null;
}
