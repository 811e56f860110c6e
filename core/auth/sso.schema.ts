import * as z from "zod";

/**
 * An email domain: lower-case labels of letters, digits and hyphens, at least two (docs/auth.md, "SSO"). Public
 * suffixes and free-mail domains pass here and are refused by the registration (`refusedDomain`).
 */
const Domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    "Expected an email domain such as example.org",
  );

const HttpUrl = z.url({ protocol: /^https?$/ });
const DefaultRole = z.enum(["ADMIN", "MEMBER", "VIEWER"]).default("VIEWER");

const Oidc = z.object({
  type: z.literal("oidc"),
  domain: Domain,
  defaultRole: DefaultRole,
  /** The IdP's issuer; its discovery document (`<issuer>/.well-known/openid-configuration`) fills missing endpoints. */
  issuer: HttpUrl,
  clientId: z.string().min(1).max(512),
  /** Sealed with the key ring at rest and never returned. */
  clientSecret: z.string().min(1).max(4096),
  discoveryEndpoint: HttpUrl.optional(),
  authorizationEndpoint: HttpUrl.optional(),
  tokenEndpoint: HttpUrl.optional(),
  jwksEndpoint: HttpUrl.optional(),
  userInfoEndpoint: HttpUrl.optional(),
  tokenEndpointAuthentication: z.enum(["client_secret_basic", "client_secret_post"]).optional(),
  scopes: z.array(z.string().min(1).max(200)).max(20).optional(),
  pkce: z.boolean().default(true),
});

const Saml = z.object({
  type: z.literal("saml"),
  domain: Domain,
  defaultRole: DefaultRole,
  /** The IdP's single sign-on URL (HTTP-Redirect binding). */
  entryPoint: HttpUrl,
  /** The IdP's signing certificate (PEM, or its base64 body). */
  cert: z.string().min(1).max(20_000),
  /** The IdP's entity id: the Issuer its responses must carry. */
  entityId: z.string().min(1).max(1024),
});

/** `POST /v1/sso-providers`. */
export const SsoProviderBody = z.discriminatedUnion("type", [Oidc, Saml]);
export type SsoProviderInput = z.infer<typeof SsoProviderBody>;

/** A provider as the API shows it: never the client secret. */
export const SsoProviderView = z.object({
  id: z.string(),
  type: z.enum(["oidc", "saml"]),
  domain: z.string(),
  defaultRole: z.enum(["ADMIN", "MEMBER", "VIEWER"]),
  /** Whether the organization proved the domain by DNS; until then the provider signs no one in (docs/auth.md, "Proving the domain"). */
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** The TXT record to publish at the domain's DNS before `POST /v1/sso-providers/{id}/verify`. */
  verificationRecord: z.object({ type: z.literal("TXT"), name: z.string(), value: z.string() }),
  /** OIDC: the IdP's issuer; SAML: the IdP's entity id. */
  issuer: z.string(),
  clientId: z.string().optional(),
  hasClientSecret: z.boolean().optional(),
  entryPoint: z.string().optional(),
  /** OIDC: the redirect URI to register at the IdP, as a path under the service's public URL. */
  redirectPath: z.string().optional(),
  /** SAML: where the IdP posts its response (Assertion Consumer Service), as a path under the service's public URL. */
  acsPath: z.string().optional(),
  /** SAML: our entity id (the audience of the IdP's assertions) and our metadata's path. */
  spEntityId: z.string().optional(),
  metadataPath: z.string().optional(),
  createdAt: z.string(),
});
export type SsoProviderView = z.infer<typeof SsoProviderView>;

export const SsoProviderList = z.object({ data: z.array(SsoProviderView) });
export const SsoProviderPath = z.object({ id: z.string().min(1).max(200) });
