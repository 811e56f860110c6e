import type { JSONWebKeySet, JWK } from "jose";
import type { Deps } from "../platform/deps";
import { authJwks } from "./oauth.sql";
import { scopeList } from "./oauth-scopes";

/*
 * The MCP resource server without better-auth (docs/mcp.md, "Checking tokens without the sign-in stack"): the
 * `/v1/mcp` and `/.well-known/*` functions verify access tokens against the keys better-auth's jwt plugin keeps in
 * `auth_jwks`, so their bundles leave the sign-in stack out (docs/deployment.md, "What ships").
 */

/** Where better-auth answers; the route table sends `/v1/auth/*` to one handler (docs/auth.md, "Mount"). */
export const AUTH_BASE_PATH = "/v1/auth";
/** Where MCP clients send their tokens; the OAuth resource is the public base URL with this path. */
export const MCP_PATH = "/v1/mcp";

/** The MCP resource (`<base>/v1/mcp`) and this service's issuer (`<base>/v1/auth`). */
export interface OAuthAddresses {
  resource: string;
  issuer: string;
}

/** The claims of a verified `/v1/mcp` access token that decide what it may do. */
export interface BearerToken {
  userId: string;
  clientId: string;
  /** The sign-in session the grant was made from (`sid`), absent on tokens of other grants. */
  sessionId: string | null;
  scopes: string[];
  /** The token is bound to a key (`cnf`, DPoP: RFC 9449), which `/v1/mcp` does not verify. */
  boundToKey: boolean;
}

/** What `/v1/mcp` needs of the authorization server: its addresses and the check of its access tokens. */
export interface OAuthResourceServer {
  /** The MCP resource and the issuer, or null when OAuth is off (no public https base URL). */
  readonly oauth: OAuthAddresses | null;
  /**
   * What an access token for `/v1/mcp` says, once its signature, issuer, audience and expiry are checked, or null
   * when it is malformed, forged, expired, or issued for another resource (docs/mcp.md, "OAuth"); null too when
   * OAuth is off. Whether its grant is still alive is the caller's read (`liveGrant`).
   */
  bearerToken(token: string): Promise<BearerToken | null>;
}

/**
 * OAuth needs a fixed public address: the token audience is `<base>/v1/mcp`. better-auth's MCP plugin takes
 * HTTPS, or HTTP on a loopback host; without such a base URL OAuth is off and `/v1/mcp` takes keys only.
 */
export function oauthAddresses(baseUrl: string | undefined): OAuthAddresses | null {
  if (!baseUrl) return null;
  const base = new URL(baseUrl);
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(base.hostname);
  if (base.protocol !== "https:" && !(base.protocol === "http:" && loopback)) return null;
  const origin = base.origin;
  return { resource: `${origin}${MCP_PATH}`, issuer: `${origin}${AUTH_BASE_PATH}` };
}

/** No OAuth: every bearer token is refused (no auth secret, or no public https base URL). */
export const noOAuth: OAuthResourceServer = { oauth: null, bearerToken: async () => null };

/*
 * better-auth's jwt plugin as we configure it (`jwt({ disableSettingJwtHeader: true })`, no `jwks` options), read from
 * node_modules/better-auth/dist/plugins/jwt: keys without an `alg` are EdDSA, and a rotated-out key still verifies for
 * 30 days after its `expires_at`. The cache and refetch follow better-auth's verifyJwsAccessToken
 * (node_modules/@better-auth/core/dist/oauth2/verify.mjs): a key set is trusted 5 minutes; a token naming a key the
 * set lacks refetches it, at most once per 30 seconds.
 */
const DEFAULT_ALG = "EdDSA";
const GRACE_MS = 30 * 24 * 3600 * 1000;
const CACHE_MS = 5 * 60 * 1000;
const REFETCH_COOLDOWN_MS = 30 * 1000;

/**
 * Verifies `/v1/mcp` access tokens as better-auth's MCP plugin does (signature by a key of `auth_jwks`, `iss` the
 * issuer, `aud` the resource, `exp`/`nbf` by jose's `jwtVerify`), reading the public keys straight from the store.
 */
export function oauthResourceServer(deps: Pick<Deps, "db">, oauth: OAuthAddresses | null): OAuthResourceServer {
  if (!oauth) return noOAuth;
  let cached: { keys: JSONWebKeySet; at: number } | null = null;
  let refetchedAt = 0;
  const load = async () => {
    const rows = await deps.db.select().from(authJwks);
    const now = Date.now();
    const keys = rows
      .filter((row) => !row.expiresAt || row.expiresAt.getTime() + GRACE_MS > now)
      .map((row): JWK => {
        const key = JSON.parse(row.publicKey) as JWK;
        return {
          alg: row.alg ?? DEFAULT_ALG,
          ...(row.crv ? { crv: row.crv } : {}),
          ...key,
          kid: row.id,
        };
      });
    cached = { keys: { keys }, at: now };
    return cached.keys;
  };
  const keysFor = async (kid: string | undefined): Promise<JSONWebKeySet> => {
    const now = Date.now();
    if (!cached || now - cached.at >= CACHE_MS) return load();
    if (kid && !cached.keys.keys.some((k) => k.kid === kid) && now - refetchedAt >= REFETCH_COOLDOWN_MS) {
      refetchedAt = now;
      return load();
    }
    return cached.keys;
  };
  return {
    oauth,
    async bearerToken(token) {
      // jose loads at the first token, not with every process that can check one (docs/architecture.md, "Start-up").
      const { createLocalJWKSet, decodeProtectedHeader, jwtVerify } = await import("jose");
      let kid: string | undefined;
      try {
        if (token.split(".").length !== 3) return null;
        kid = decodeProtectedHeader(token).kid;
      } catch {
        return null;
      }
      // A store that does not answer is an outage (500), not a bad token.
      const keys = await keysFor(kid);
      const claims = await jwtVerify(token, createLocalJWKSet(keys), {
        issuer: oauth.issuer,
        audience: oauth.resource,
      }).then(
        (verified) => verified.payload,
        () => null,
      );
      if (!claims || typeof claims.sub !== "string" || !claims.sub || typeof claims.azp !== "string" || !claims.azp)
        return null;
      const sessionId = typeof claims.sid === "string" && claims.sid ? claims.sid : null;
      return {
        userId: claims.sub,
        clientId: claims.azp,
        sessionId,
        scopes: scopeList(claims.scope),
        boundToKey: claims.cnf !== undefined,
      };
    },
  };
}
