import { betterAuth } from "better-auth/minimal";
import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { APIError, isAPIError } from "better-auth/api";
import { admin } from "better-auth/plugins/admin";
import { magicLink } from "better-auth/plugins/magic-link";
import { twoFactor } from "better-auth/plugins/two-factor";
import { passkey } from "@better-auth/passkey";
import { jwt } from "better-auth/plugins/jwt";
import { mcp } from "@better-auth/mcp";
import { verifyJwsAccessToken } from "better-auth/oauth2";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import * as Tenancy from "../tenancy";
import type { Deps } from "../platform/deps";
import type { Mailer } from "../platform/ports";
import type { AuthConfig } from "./auth.config";
import { authAccounts, authRateLimits, authSessions, authTwoFactors, authUsers, authVerifications } from "./auth.sql";
import { passkeyRegistrationErrors } from "./passkey-errors";
import { authPasskeys } from "./passkey.sql";
import * as OAuthTables from "./oauth.sql";
import { csrfTokenOf } from "./csrf";
import { totpReplayGuard } from "./totp-replay";
import { sessionMemo } from "./session-memo";
import { socialPlugins } from "./social";
import { ssoPlugin, ssoSchema, ssoUserGate, ssoVouchesFor } from "./sso";

/** Where better-auth answers; the route table sends `/v1/auth/*` to one handler (docs/auth.md, "Mount"). */
export const AUTH_BASE_PATH = "/v1/auth";

/** A signed-in person's session as the API sees it. */
export interface SessionView {
  session: { id: string; userId: string };
  user: { id: string; email: string; name: string; twoFactorEnabled: boolean };
  /** `Set-Cookie` values better-auth gave on this read (a renewed cookie cache, a session extended); the answer carries them. */
  setCookies?: string[];
}

/** Sign-in for the API: better-auth's endpoints, and the session behind a request's cookie. */
export interface AuthService {
  /** Answers a request under `/v1/auth/*` (sign-up, sign-in, magic link, two-factor, sessions, admin). */
  handler(request: Request): Promise<Response>;
  /** The session of the request's cookie, or null when it is missing, forged, expired, revoked or banned. */
  session(headers: Headers): Promise<SessionView | null>;
  /** The token cookie-authenticated writes carry in `X-CSRF-Token` (docs/auth.md, "CSRF"). */
  csrfToken(sessionId: string): string;
  /**
   * The same service sending mail through `mailer`: on Lambda only the auth function opens the mail port, so the
   * service every function shares is built with none (docs/auth.md, "Magic link").
   */
  withMailer(mailer: Mailer): AuthService;
  /**
   * The person an OAuth access token for `/v1/mcp` was issued to, or null when it is malformed, forged, expired,
   * or issued for another resource (docs/mcp.md, "OAuth"); null too when OAuth is off (no public base URL).
   */
  bearerUser(token: string): Promise<{ userId: string } | null>;
  /** The MCP resource (`<base>/v1/mcp`) and this service's issuer, or null when OAuth is off. */
  readonly oauth: { resource: string; issuer: string } | null;
  /**
   * Settles when better-auth's start-up has run (its plugins write to the store then, e.g. the OAuth resource);
   * never rejects: a failed start-up is logged and every later call fails with it (docs/auth.md, "Start-up").
   */
  ready(): Promise<void>;
}

/** Where MCP clients send their tokens; the OAuth resource is the public base URL with this path. */
export const MCP_PATH = "/v1/mcp";

export type AuthDeps = Pick<Deps, "db" | "clock" | "ids" | "log" | "caches" | "keyRing"> & { mailer: Mailer };

const SIGN_IN_PATHS = ["/sign-in/*", "/sign-up/*", "/two-factor/*", "/magic-link/*", "/passkey/verify-authentication"];

/** Builds better-auth over the relational store (drizzle, `pg`), with email and password, magic links, TOTP and bans. */
export function createAuth(deps: AuthDeps, config: AuthConfig): AuthService {
  const oauth = oauthOf(config);
  const auth = betterAuthOf(deps, config, oauth);
  // better-auth starts up as soon as it is built; a store closed under it must not become an unhandled rejection.
  const started = auth.$context.then(
    () => undefined,
    (error: unknown) => deps.log.error("auth: start-up failed", { error: String(error) }),
  );
  const jwksCacheKey = {};
  const memo = sessionMemo(deps, config.sessionCacheSeconds);
  const service: AuthService = {
    oauth,
    ready: () => started,
    async bearerUser(token) {
      if (!oauth) return null;
      // The jwt plugin's keys, read through better-auth (no HTTP round trip to ourselves); signature, issuer, audience and expiry are checked.
      const claims = await verifyJwsAccessToken(token, { jwksFetch: () => auth.api.getJwks(), jwksCacheKey, verifyOptions: { issuer: oauth.issuer, audience: oauth.resource } }).catch(() => null);
      return claims && typeof claims.sub === "string" && claims.sub ? { userId: claims.sub } : null;
    },
    handler: async (request) => passkeyRegistrationErrors(request, await auth.handler(request)),
    async session(headers) {
      const cookie = headers.get("cookie");
      const known = memo.get(cookie);
      if (known) return known;
      // better-auth refuses some cookies with an APIError (malformed); store failures stay errors (500s).
      const answer = await auth.api.getSession({ headers, returnHeaders: true }).catch((e: unknown) => {
        if (isAPIError(e)) return null;
        throw e;
      });
      const found = answer?.response;
      if (!found) return null;
      const { session, user } = found;
      // A renewed cookie cache or a session extended on this read: the API's answer carries them (docs/auth.md, "Cookies").
      const setCookies = answer.headers.getSetCookie();
      const view: SessionView = {
        session: { id: session.id, userId: session.userId },
        user: { id: user.id, email: user.email, name: user.name, twoFactorEnabled: Boolean(user.twoFactorEnabled) },
        ...(setCookies.length ? { setCookies } : {}),
      };
      memo.set(cookie, view);
      return view;
    },
    csrfToken: (sessionId) => csrfTokenOf(config.secret, sessionId),
    withMailer: (mailer) => (mailer === deps.mailer ? service : createAuth({ ...deps, mailer }, config)),
  };
  return service;
}

/** A mailer for the service every function shares on Lambda: sending needs the auth function's mail port. */
export const noMailer: Mailer = {
  async send() {
    throw new Error("This function has no mail port: magic links are sent by the /v1/auth function");
  },
};

/**
 * OAuth needs a fixed public address: the token audience is `<base>/v1/mcp`. better-auth's MCP plugin takes
 * HTTPS, or HTTP on a loopback host; without such a base URL OAuth is off and `/v1/mcp` takes keys only.
 */
function oauthOf(config: AuthConfig): { resource: string; issuer: string } | null {
  if (!config.baseUrl) return null;
  const base = new URL(config.baseUrl);
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(base.hostname);
  if (base.protocol !== "https:" && !(base.protocol === "http:" && loopback)) return null;
  const origin = base.origin;
  return { resource: `${origin}${MCP_PATH}`, issuer: `${origin}${AUTH_BASE_PATH}` };
}

function betterAuthOf(deps: AuthDeps, config: AuthConfig, oauth: { resource: string; issuer: string } | null) {
  const limit = config.signInRateLimit;
  return betterAuth({
    appName: "Sightline",
    baseURL: config.baseUrl,
    basePath: AUTH_BASE_PATH,
    ...authSecrets(config),
    trustedOrigins: [...(config.baseUrl ? [new URL(config.baseUrl).origin] : []), ...config.trustedOrigins],
    telemetry: { enabled: false },
    database: drizzleAdapter(deps.db, {
      provider: "pg",
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        twoFactor: authTwoFactors,
        rateLimit: authRateLimits,
        passkey: authPasskeys,
        jwks: OAuthTables.authJwks,
        oauthClient: OAuthTables.authOauthClients,
        oauthResource: OAuthTables.authOauthResources,
        oauthClientResource: OAuthTables.authOauthClientResources,
        oauthRefreshToken: OAuthTables.authOauthRefreshTokens,
        oauthAccessToken: OAuthTables.authOauthAccessTokens,
        oauthConsent: OAuthTables.authOauthConsents,
        oauthClientAssertion: OAuthTables.authOauthClientAssertions,
        ...ssoSchema(deps.keyRing),
      },
      // Hooks of a sign-up write tenancy rows through deps.db; PGlite has one connection, so no wrapping transaction.
      transaction: false,
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 256 },
    user: { validateUserInfo: ssoUserGate(deps, config.bootstrap.orgName) },
    session: { cookieCache: { enabled: config.sessionCacheSeconds > 0, maxAge: Math.max(config.sessionCacheSeconds, 1) } },
    rateLimit: {
      enabled: limit !== null,
      // Counted in Postgres, so every Lambda instance sees the same attempts (docs/auth.md, "Rate limits").
      storage: "database",
      window: 60,
      max: 600,
      customRules: Object.fromEntries(SIGN_IN_PATHS.map((p) => [p, limit ? { window: limit.windowSeconds, max: limit.max } : false])),
    },
    advanced: {
      database: { generateId: () => deps.ids.uuid() },
      // The transport sets x-forwarded-for from the gateway's source address, never from the client (docs/auth.md, "Rate limits").
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    logger: {
      level: "error",
      log: (level, message) => deps.log[level](`auth: ${message}`),
    },
    hooks: { before: totpReplayGuard(deps) },
    plugins: [
      twoFactor({ issuer: "Sightline" }),
      magicLink({
        expiresIn: config.magicLinkSeconds,
        async sendMagicLink({ email, url }) {
          await deps.mailer.send({ to: email, subject: "Your Sightline sign-in link", text: `Sign in to Sightline: ${url}\nThe link works once, for ${Math.round(config.magicLinkSeconds / 60)} minutes.` });
        },
      }),
      admin({ adminRoles: ["admin"] }),
      passkey({ rpName: "Sightline", ...passkeyParty(config) }),
      ...socialPlugins(config),
      ssoPlugin(deps),
      ...(oauth
        ? [
            // No `set-auth-jwt` on get-session: it signs a token on every session check (docs/auth.md, "Cookie cache, bans and revocation").
            jwt({ disableSettingJwtHeader: true }),
            mcp({
              // The console's pages (docs/mcp.md, "OAuth"): sign-in, then the person grants the client its scopes.
              loginPage: "/sign-in",
              consentPage: "/consent",
              resource: oauth.resource,
              // MCP clients register themselves (RFC 7591); a public client must use PKCE.
              allowDynamicClientRegistration: true,
              allowUnauthenticatedClientRegistration: true,
            }),
          ]
        : []),
    ],
    databaseHooks: {
      user: {
        create: {
          async before(user, ctx) {
            const admitted = await Tenancy.admitSignUp(deps, user.email, { signup: config.signup, orgName: config.bootstrap.orgName });
            if (!admitted.allowed) throw new APIError("FORBIDDEN", { code: "signup_closed", message: "Sign-up is closed; ask an administrator for an invitation" });
            // An SSO provider that proved its domain vouches for the address from the start (docs/auth.md, "Signing in").
            const vouched = !user.emailVerified && (await ssoVouchesFor(deps, user.email, ctx));
            // One id for the account and the person its memberships name (docs/auth.md, "Tables").
            return { data: { ...user, ...(admitted.userId ? { id: admitted.userId } : {}), ...(vouched ? { emailVerified: true } : {}) } };
          },
          async after(user) {
            const { firstOwner } = await Tenancy.claimSignUp(deps, { userId: user.id, email: user.email }, config.bootstrap);
            if (firstOwner) await deps.db.update(authUsers).set({ role: "admin" }).where(eq(authUsers.id, user.id));
          },
        },
      },
    },
  });
}

/**
 * The current secret and the ones it replaced, as better-auth's versioned secrets: what it encrypts from now on
 * names its key's version, so a rotation keeps TOTP secrets and OAuth signing keys readable. A version is
 * derived from the secret's value, so no one numbers them and a list in any order names the same keys;
 * `secret` is better-auth's fallback for values encrypted before versions, by the oldest secret listed
 * (docs/auth.md, "The auth secret").
 */
function authSecrets(config: AuthConfig): { secret: string; secrets: { version: number; value: string }[] } {
  const all = [...new Set([config.secret, ...config.previousSecrets])];
  return { secret: all[all.length - 1]!, secrets: all.map((value) => ({ version: secretVersion(value), value })) };
}

const secretVersion = (value: string) => Number.parseInt(createHash("sha256").update(value).digest("hex").slice(0, 7), 16);

/**
 * The WebAuthn relying party: its id is the base URL's host unless configured, and the origins a passkey may be
 * used from are the base URL's and the trusted ones (docs/auth.md, "Passkeys"). Without a base URL, the plugin
 * takes the request's Origin, which better-auth's origin check has already held against the trusted origins.
 */
function passkeyParty(config: AuthConfig): { rpID?: string; origin: string[] | null } {
  const base = config.baseUrl ? new URL(config.baseUrl) : null;
  const rpID = config.passkeyRpId ?? base?.hostname;
  return { ...(rpID ? { rpID } : {}), origin: base ? [base.origin, ...config.trustedOrigins] : null };
}

/** Stands in when no auth secret is configured (AWS without it): no session is valid and sign-in answers 503. */
export function unavailableAuth(): AuthService {
  return {
    handler: async () => Response.json({ error: { code: "unavailable", message: "Sign-in is not configured: set SIGHTLINE_AUTH_SECRET (on AWS in the stage's secret)" } }, { status: 503 }),
    session: async () => null,
    csrfToken: () => "",
    withMailer: () => unavailableAuth(),
    bearerUser: async () => null,
    oauth: null,
    ready: async () => undefined,
  };
}
