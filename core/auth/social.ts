import { APIError, createAuthEndpoint, createAuthMiddleware } from "better-auth/api";
import { type GenericOAuthConfig, type GenericOAuthUserInfo, genericOAuth } from "better-auth/plugins/generic-oauth";
import type { ErrorReason } from "../platform/errors";
import type { AuthConfig } from "./auth.config";

/**
 * GitHub and Google sign-in (docs/auth.md, "GitHub and Google"). better-auth's built-in GitHub and Google providers
 * hard-code github.com and accounts.google.com, so both are better-auth's `genericOAuth` providers with their
 * endpoints taken from settings (GitHub Enterprise, test servers). They register as ordinary social providers:
 * `POST sign-in/social {provider}` and `GET callback/<provider>`.
 */

export type SocialProviderId = "github" | "google";

const NAMES: Record<SocialProviderId, string> = { github: "GitHub", google: "Google" };

interface GitHubUser {
  id: number;
  login: string;
  name?: string | null;
  email?: string | null;
  avatar_url?: string;
}
interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/**
 * GitHub speaks plain OAuth 2.0 (no id_token): the person is `GET <api>/user`, and the email is the profile's, else
 * the primary one of `GET <api>/user/emails`. It counts as verified only when GitHub says so, which is what lets it
 * join an existing account (docs/auth.md, "Sign-up and linking").
 */
function gitHub(github: NonNullable<AuthConfig["social"]["github"]>): GenericOAuthConfig {
  const api = github.apiUrl.replace(/\/+$/, "");
  const web = github.url.replace(/\/+$/, "");
  const get = async <T>(path: string, accessToken: string): Promise<T | null> => {
    const res = await fetch(`${api}${path}`, {
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: "application/vnd.github+json",
        "user-agent": "sightline",
      },
    });
    return res.ok ? ((await res.json()) as T) : null;
  };
  return {
    providerId: "github",
    name: NAMES.github,
    clientId: github.clientId,
    clientSecret: github.clientSecret,
    authorizationUrl: `${web}/login/oauth/authorize`,
    tokenUrl: `${web}/login/oauth/access_token`,
    scopes: ["read:user", "user:email"],
    async getUserInfo(tokens): Promise<GenericOAuthUserInfo | null> {
      if (!tokens.accessToken) return null;
      const profile = await get<GitHubUser>("/user", tokens.accessToken);
      if (!profile) return null;
      const emails = (await get<GitHubEmail[]>("/user/emails", tokens.accessToken)) ?? [];
      const email = profile.email ?? (emails.find((e) => e.primary) ?? emails[0])?.email;
      return {
        id: String(profile.id),
        name: profile.name || profile.login,
        email,
        image: profile.avatar_url,
        emailVerified: emails.some((e) => e.email === email && e.verified),
      };
    },
  };
}

/**
 * Google through OpenID Connect discovery at the issuer: the id_token's signature (the issuer's JWKS), issuer,
 * audience and nonce are checked by better-auth before its claims are believed.
 */
function google(config: NonNullable<AuthConfig["social"]["google"]>): GenericOAuthConfig {
  return {
    providerId: "google",
    name: NAMES.google,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    discoveryUrl: `${config.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
    requireIdTokenVerification: true,
    scopes: ["openid", "email", "profile"],
  };
}

/** Which social providers are on: those with a client id and secret. */
export function socialProviders(config: AuthConfig): SocialProviderId[] {
  return (["github", "google"] as const).filter((id) => config.social[id]);
}

/**
 * The better-auth plugins of social sign-in: the configured providers, a refusal for the ones that are off (better-auth
 * would only say "provider not found"), and `GET /v1/auth/methods`, which tells the console which buttons to show.
 */
export function socialPlugins(config: AuthConfig) {
  const on = socialProviders(config);
  const providers = [
    ...(config.social.github ? [gitHub(config.social.github)] : []),
    ...(config.social.google ? [google(config.social.google)] : []),
  ];
  const methods = {
    id: "sightline-sign-in-methods",
    endpoints: {
      signInMethods: createAuthEndpoint("/methods", { method: "GET" }, async (ctx) =>
        ctx.json({
          emailAndPassword: true,
          magicLink: true,
          passkey: true,
          github: on.includes("github"),
          google: on.includes("google"),
        }),
      ),
    },
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) => ctx.path === "/sign-in/social",
          handler: createAuthMiddleware(async (ctx) => {
            const provider = (ctx.body as { provider?: unknown } | undefined)?.provider;
            if ((provider === "github" || provider === "google") && !on.includes(provider)) {
              throw new APIError("BAD_REQUEST", {
                code: "provider_off" satisfies ErrorReason,
                message: `${NAMES[provider]} sign-in is not configured on this server`,
              });
            }
          }),
        },
      ],
    },
  };
  return [...(providers.length ? [genericOAuth({ config: providers })] : []), methods];
}
