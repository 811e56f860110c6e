import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import * as Auth from "@core/auth";
import type { Env } from "./env";

const AUTH_SECRET_FILE = "auth-secret";

/**
 * The auth secret: `SIGHTLINE_AUTH_SECRET` when set. Otherwise, with `persist` (the single-process runtime),
 * the one in `<data dir>/auth-secret`, made on first start (48 random bytes, mode 0600) and reused after, as the
 * local key ring is; without it, none (docs/auth.md, "The auth secret").
 */
export async function authSecret(env: Env, options: { persist: boolean }): Promise<string | null> {
  if (env.SIGHTLINE_AUTH_SECRET) return env.SIGHTLINE_AUTH_SECRET;
  if (!options.persist) return null;
  const file = join(resolve(env.SIGHTLINE_DATA_DIR), AUTH_SECRET_FILE);
  try {
    return (await readFile(file, "utf8")).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(resolve(env.SIGHTLINE_DATA_DIR), { recursive: true });
  try {
    // `wx`: a second process starting at the same moment keeps the first one's secret.
    await writeFile(file, `${randomBytes(48).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return (await readFile(file, "utf8")).trim();
}

/** Sign-in settings from the environment; `baseUrl` is the service's address when the environment names none. */
export function authConfig(env: Env, secret: string, baseUrl: string | undefined): Auth.AuthConfig {
  return Auth.AuthConfig.parse({
    secret,
    previousSecrets: env.SIGHTLINE_AUTH_PREVIOUS_SECRETS,
    baseUrl: env.SIGHTLINE_PUBLIC_URL ?? baseUrl,
    // better-auth's rule without a base URL: secure cookies in production (NODE_ENV), stated for both cookie readers.
    ...((env.SIGHTLINE_PUBLIC_URL ?? baseUrl) ? {} : { secureCookies: process.env.NODE_ENV === "production" }),
    trustedOrigins: env.SIGHTLINE_TRUSTED_ORIGINS,
    sessionCacheSeconds: env.SIGHTLINE_SESSION_CACHE_SECONDS,
    signup: env.SIGHTLINE_SIGNUP,
    signInRateLimit: env.SIGHTLINE_SIGNIN_RATE_LIMIT,
    magicLinkSeconds: env.SIGHTLINE_MAGIC_LINK_SECONDS,
    verifyLinkSeconds: env.SIGHTLINE_VERIFY_LINK_SECONDS,
    passkeyRpId: env.SIGHTLINE_PASSKEY_RP_ID,
    social: {
      github: oauthClient(env, "GITHUB") && {
        ...oauthClient(env, "GITHUB"),
        url: env.SIGHTLINE_GITHUB_URL,
        apiUrl: env.SIGHTLINE_GITHUB_API_URL,
      },
      google: oauthClient(env, "GOOGLE") && { ...oauthClient(env, "GOOGLE"), issuer: env.SIGHTLINE_GOOGLE_ISSUER },
    },
    bootstrap: { orgName: env.SIGHTLINE_INIT_ORG, projectName: env.SIGHTLINE_INIT_PROJECT },
  });
}

/**
 * A sign-in provider's client from `SIGHTLINE_<P>_CLIENT_ID` and `_SECRET`: both, or neither (the provider is off);
 * one without the other stops start-up, naming the missing one but never a value.
 */
function oauthClient(env: Env, provider: "GITHUB" | "GOOGLE"): { clientId: string; clientSecret: string } | undefined {
  const clientId = env[`SIGHTLINE_${provider}_CLIENT_ID`];
  const clientSecret = env[`SIGHTLINE_${provider}_CLIENT_SECRET`];
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret)
    throw new Error(
      `Invalid configuration: SIGHTLINE_${provider}_CLIENT_ID and SIGHTLINE_${provider}_CLIENT_SECRET must be set together`,
    );
  return { clientId, clientSecret };
}

/**
 * The MCP resource server of a composition root: access tokens checked against the stored keys, without better-auth
 * (docs/mcp.md, "Checking tokens without the sign-in stack"); without a secret OAuth is off, as in buildAuth.
 */
export function buildOAuthResource(
  deps: Pick<Auth.AuthDeps, "db">,
  env: Env,
  secret: string | null,
  baseUrl?: string,
): Auth.OAuthResourceServer {
  if (!secret) return Auth.noOAuth;
  return Auth.oauthResourceServer(deps, Auth.oauthAddresses(authConfig(env, secret, baseUrl).baseUrl));
}
