import { createHash } from "node:crypto";
import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth/minimal";
import { admin } from "better-auth/plugins/admin";
import { jwt } from "better-auth/plugins/jwt";
import { magicLink } from "better-auth/plugins/magic-link";
import { twoFactor } from "better-auth/plugins/two-factor";
import { accountHooks } from "./account-hooks";
import type { AuthConfig } from "./auth.config";
import { authAccounts, authRateLimits, authSessions, authTwoFactors, authUsers, authVerifications } from "./auth.sql";
import type { AuthDeps, AuthService } from "./auth-service";
import { cacheVersion, cookieSessions, secureCookies } from "./cookie-session";
import { mcpPlugin } from "./mcp-oauth";
import * as OAuthTables from "./oauth.sql";
import { AUTH_BASE_PATH, type OAuthAddresses, oauthAddresses } from "./oauth-resource";
import { confirmOnlyInOwnSession, withErrorPage } from "./own-proof";
import { authPasskeys } from "./passkey.sql";
import { passkeyRegistrationErrors } from "./passkey-errors";
import { socialPlugins } from "./social";
import { ssoPlugin, ssoSchema, ssoUserGate } from "./sso";
import { totpReplayGuard } from "./totp-replay";
import { notePasskeyUserVerification, twoFactorEverywhere } from "./two-factor-everywhere";

const SIGN_IN_PATHS = [
  "/sign-in/*",
  "/sign-up/*",
  "/two-factor/*",
  "/magic-link/*",
  "/passkey/verify-authentication",
  "/send-verification-email",
];

/**
 * Builds better-auth over the relational store (drizzle, `pg`), with email and password, magic links, TOTP and bans.
 * better-auth is built and started when first used (docs/auth.md, "Start-up"): a service only swapped for its
 * `withMailer` copy never starts, so two instances never start at once in one process.
 */
export function createAuth(deps: AuthDeps, config: AuthConfig): AuthService {
  // Access tokens for /v1/mcp are checked without better-auth (oauth-resource.ts), by every runtime alike.
  const oauth = oauthAddresses(config.baseUrl);
  const startOnce = async () => {
    const auth = betterAuthOf(deps, config, oauth);
    await auth.$context;
    return auth;
  };
  let current: ReturnType<typeof startOnce> | null = null;
  // A failed start-up is tried once more at once (another process starting on the same store may have won a race on
  // the row it writes, the OAuth resource), then left for the next call to try again.
  const started = () =>
    (current ??= startOnce().catch(async (error: unknown) => {
      deps.log.error("auth: start-up failed", { error: String(error) });
      try {
        return await startOnce();
      } catch (again) {
        deps.log.error("auth: start-up failed", { error: String(again) });
        current = null;
        throw again;
      }
    }));
  const copies = new Map<AuthDeps["mailer"], AuthService>();
  const service: AuthService = {
    oauth,
    // Never rejects: a start-up that failed is logged, and each sign-in call tries again.
    ready: () =>
      started().then(
        () => undefined,
        () => undefined,
      ),
    handler: async (request) => passkeyRegistrationErrors(request, await (await started()).handler(request)),
    // The session behind a cookie is read without better-auth, by its rules, as every cookie route reads it.
    ...cookieSessions(deps, config),
    // One copy per mailer, kept: the Lambda proxy asks for its mailer's copy on every request.
    withMailer: (mailer) => {
      if (mailer === deps.mailer) return service;
      const kept = copies.get(mailer);
      if (kept) return kept;
      const copy = createAuth({ ...deps, mailer }, config);
      copies.set(mailer, copy);
      return copy;
    },
  };
  return service;
}

function betterAuthOf(deps: AuthDeps, config: AuthConfig, oauth: OAuthAddresses | null) {
  const limit = config.signInRateLimit;
  const totp = twoFactor({ issuer: "Sightline" });
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
    // A password sign-up is mailed a link that proves the address; signing in never waits for it (docs/auth.md, "Invitations and proven addresses").
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: config.verifyLinkSeconds,
      beforeEmailVerification: confirmOnlyInOwnSession(deps),
      async sendVerificationEmail({ user, url }) {
        // A mail that cannot go out must not fail the sign-up: the person asks again (send-verification-email).
        await deps.mailer
          .send({
            to: user.email,
            subject: "Confirm your email for Sightline",
            text: verificationText(withErrorPage(url), config.verifyLinkSeconds),
          })
          .catch((error: unknown) => {
            deps.log.error("auth: the verification mail was not sent", { error: String(error) });
          });
      },
    },
    user: { validateUserInfo: ssoUserGate(deps, config.bootstrap.orgName) },
    session: {
      cookieCache: {
        enabled: config.sessionCacheSeconds > 0,
        maxAge: Math.max(config.sessionCacheSeconds, 1),
        // A session cached while its address was unproven is read from the store again once the address is proven:
        // if another channel proved it, that session is gone (docs/auth.md, "Invitations and proven addresses").
        version: (_session, user) => cacheVersion(deps, user),
      },
    },
    rateLimit: {
      enabled: limit !== null,
      // Counted in Postgres, so every Lambda instance sees the same attempts (docs/auth.md, "Rate limits").
      storage: "database",
      window: 60,
      max: 600,
      customRules: Object.fromEntries(
        SIGN_IN_PATHS.map((p) => [p, limit ? { window: limit.windowSeconds, max: limit.max } : false]),
      ),
    },
    advanced: {
      // Stated, so the cookie reader without better-auth (cookie-session.ts) takes the same cookie names.
      useSecureCookies: secureCookies(config),
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
      totp,
      // Right after the plugin it reuses, before any plugin that acts on a new session (docs/auth.md, "Two-factor").
      twoFactorEverywhere(totp),
      magicLink({
        expiresIn: config.magicLinkSeconds,
        async sendMagicLink({ email, url }) {
          await deps.mailer.send({
            to: email,
            subject: "Your Sightline sign-in link",
            text: `Sign in to Sightline: ${url}\nThe link works once, for ${Math.round(config.magicLinkSeconds / 60)} minutes.`,
          });
        },
      }),
      admin({ adminRoles: ["admin"] }),
      passkey({
        rpName: "Sightline",
        ...passkeyParty(config),
        // A passkey skips the TOTP code only when its authenticator verified the person (docs/auth.md, "Passkeys").
        authentication: {
          afterVerification: ({ ctx, verification }) =>
            notePasskeyUserVerification(ctx, verification.authenticationInfo.userVerified),
        },
      }),
      ...socialPlugins(config),
      ssoPlugin(deps),
      ...(oauth
        ? [
            // No `set-auth-jwt` on get-session: it signs a token on every session check (docs/auth.md, "Cookie cache, bans and revocation").
            jwt({ disableSettingJwtHeader: true }),
            mcpPlugin(deps, oauth.resource),
          ]
        : []),
    ],
    databaseHooks: accountHooks(deps, config),
  });
}

function verificationText(url: string, seconds: number): string {
  const hours = Math.max(1, Math.round(seconds / 3600));
  return [
    `Someone signed up to Sightline with this address. If it was you, confirm it: ${url}`,
    `The link works for ${hours} hour${hours === 1 ? "" : "s"}. Invitations to this address apply once it is confirmed.`,
    "Open it in the browser where you created the account, signed in. If it was not you, ignore this mail: the account stays unconfirmed and gets none of this address's invitations.",
  ].join("\n");
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

const secretVersion = (value: string) =>
  Number.parseInt(createHash("sha256").update(value).digest("hex").slice(0, 7), 16);

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
