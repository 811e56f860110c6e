import * as z from "zod";

/** Sign-in settings as values (docs/auth.md, "Configuration"); the composition roots fill them from the environment. */
export const AuthConfig = z.object({
  /** Signs cookies, encrypts TOTP secrets and OAuth signing keys, keys the CSRF tokens; rotating it ends every session (docs/auth.md, "The auth secret"). */
  secret: z.string().min(32),
  /** Secrets this one replaced, newest first: they still decrypt what they encrypted (TOTP, OAuth signing keys) until dropped. */
  previousSecrets: z.array(z.string().min(32)).default([]),
  /** The service's public address; magic links point here and it is a trusted origin. Unset: each request's own host. */
  baseUrl: z.string().url().optional(),
  /**
   * Cookies named with the `__Secure-` prefix (and marked Secure); unset: when `baseUrl` is https. The composition
   * roots set it from NODE_ENV when no base URL is known, better-auth's own rule (docs/auth.md, "Cookies").
   */
  secureCookies: z.boolean().optional(),
  /** Origins (besides `baseUrl`) whose pages may call the sign-in endpoints with cookies (the console's). */
  trustedOrigins: z.array(z.string()).default([]),
  /** How long a session cookie may stand in for the database; 0 reads the session on every request. */
  sessionCacheSeconds: z.number().int().min(0).default(300),
  /** `closed`: only invited emails (and the first owner) may sign up. */
  signup: z.enum(["open", "closed"]).default("open"),
  /** Attempts per window on each sign-in, sign-up, magic-link and two-factor path, per client address; null turns it off. */
  signInRateLimit: z
    .object({ max: z.number().int().positive(), windowSeconds: z.number().int().positive() })
    .nullable()
    .default({ max: 10, windowSeconds: 60 }),
  /** The WebAuthn relying party id (a host, or a parent domain of it); unset: the host of `baseUrl`. */
  passkeyRpId: z.string().min(1).optional(),
  magicLinkSeconds: z.number().int().positive().default(300),
  /** Lifetime of the link that confirms a password sign-up's email (docs/auth.md, "Invitations and proven addresses"). */
  verifyLinkSeconds: z.number().int().positive().default(86_400),
  /** GitHub and Google sign-in; a provider without a client is off (docs/auth.md, "GitHub and Google"). */
  social: z
    .object({
      /** `url` serves /login/oauth/*, `apiUrl` the REST API (GitHub Enterprise: https://host and https://host/api/v3). */
      github: z
        .object({
          clientId: z.string().min(1),
          clientSecret: z.string().min(1),
          url: z.string().url().default("https://github.com"),
          apiUrl: z.string().url().default("https://api.github.com"),
        })
        .optional(),
      /** The OpenID issuer whose `/.well-known/openid-configuration` names the endpoints and keys. */
      google: z
        .object({
          clientId: z.string().min(1),
          clientSecret: z.string().min(1),
          issuer: z.string().url().default("https://accounts.google.com"),
        })
        .optional(),
    })
    .default({}),
  /** The organization and project `npm start` makes; its first signed-up person becomes its OWNER. */
  bootstrap: z.object({ orgName: z.string(), projectName: z.string() }),
});
export type AuthConfig = z.infer<typeof AuthConfig>;
