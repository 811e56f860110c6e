import { X509Certificate } from "node:crypto";
import { and, asc, eq, like, or, type SQL, sql } from "drizzle-orm";
import * as Audit from "../audit";
import type { Deps } from "../platform/deps";
import { conflict, invalid, notFound } from "../platform/errors";
import type { Principal } from "../platform/principal";
import { authAccounts } from "./auth.sql";
import type { SsoProviderInput, SsoProviderView } from "./sso.schema";
import { authSsoProviders } from "./sso.sql";
import { domainCovers, refusedDomain, verificationRecord } from "./sso-domains";
import { sealOidcConfig } from "./sso-secrets";

type Row = typeof authSsoProviders.$inferSelect;

/** Where better-auth answers (AUTH_BASE_PATH); repeated here so this file does not import the auth instance. */
const BASE = "/v1/auth";

/** Our SAML entity id for a provider: a URN, so it does not depend on the address the service is reached at. */
export const spEntityIdOf = (providerId: string) => `urn:sightline:sso:${providerId}`;

/** Providers whose domain is `domain`, a parent of it or a subdomain of it (domains hold no `%` or `_`: sso.schema.ts). */
export const overlapping = (domain: string): SQL =>
  or(
    eq(authSsoProviders.domain, domain),
    like(authSsoProviders.domain, `%.${domain}`),
    sql`${domain} like ('%.' || ${authSsoProviders.domain})`,
  )!;

export function view(row: Row): SsoProviderView {
  const common = {
    id: row.id,
    domain: row.domain,
    defaultRole: row.defaultRole,
    verified: row.domainVerified,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    verificationRecord: verificationRecord(row.domain, row.verificationToken),
    createdAt: row.createdAt.toISOString(),
  };
  if (row.oidcConfig) {
    const config = JSON.parse(row.oidcConfig) as { issuer: string; clientId: string; clientSecret?: string };
    return {
      ...common,
      type: "oidc",
      issuer: config.issuer,
      clientId: config.clientId,
      hasClientSecret: Boolean(config.clientSecret),
      redirectPath: `${BASE}/sso/callback/${row.providerId}`,
    };
  }
  const config = JSON.parse(row.samlConfig ?? "{}") as { entryPoint: string; idpMetadata?: { entityID?: string } };
  return {
    ...common,
    type: "saml",
    issuer: config.idpMetadata?.entityID ?? "",
    entryPoint: config.entryPoint,
    acsPath: `${BASE}/sso/saml2/sp/acs/${row.providerId}`,
    spEntityId: spEntityIdOf(row.providerId),
    metadataPath: `${BASE}/sso/saml2/sp/metadata?providerId=${row.providerId}`,
  };
}

/** The IdP certificate as PEM. @throws invalid_input when it is not an X.509 certificate. */
function certificatePem(cert: string): string {
  const trimmed = cert.trim();
  const pem = trimmed.includes("-----BEGIN")
    ? trimmed
    : `-----BEGIN CERTIFICATE-----\n${trimmed.replace(/\s+/g, "")}\n-----END CERTIFICATE-----`;
  try {
    new X509Certificate(pem);
  } catch {
    throw invalid("Invalid body.cert: expected the IdP's signing certificate (PEM)");
  }
  return pem;
}

/** The plugin's JSON for the provider (the shape its own registration stores), the OIDC client secret sealed. */
function configsOf(
  deps: Pick<Deps, "keyRing">,
  providerId: string,
  input: SsoProviderInput,
): { issuer: string; oidcConfig: string | null; samlConfig: string | null } {
  if (input.type === "oidc") {
    const config = {
      issuer: input.issuer,
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      pkce: input.pkce,
      discoveryEndpoint:
        input.discoveryEndpoint ?? `${input.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
      // Missing endpoints are discovered by the plugin at sign-in (docs/auth.md, "SSO").
      authorizationEndpoint: input.authorizationEndpoint,
      tokenEndpoint: input.tokenEndpoint,
      jwksEndpoint: input.jwksEndpoint,
      userInfoEndpoint: input.userInfoEndpoint,
      tokenEndpointAuthentication: input.tokenEndpointAuthentication,
      scopes: input.scopes,
      overrideUserInfo: false,
    };
    return { issuer: input.issuer, oidcConfig: sealOidcConfig(deps.keyRing, JSON.stringify(config)), samlConfig: null };
  }
  const spEntityId = spEntityIdOf(providerId);
  const cert = certificatePem(input.cert);
  const config = {
    issuer: spEntityId,
    entryPoint: input.entryPoint,
    cert,
    audience: spEntityId,
    idpMetadata: { entityID: input.entityId, cert },
    spMetadata: { entityID: spEntityId },
    // Only signed assertions sign anyone in.
    wantAssertionsSigned: true,
    authnRequestsSigned: false,
  };
  return { issuer: spEntityId, oidcConfig: null, samlConfig: JSON.stringify(config) };
}

/**
 * Registers an identity provider for the caller's organization (never one named in the body), unverified: it signs
 * no one in until the organization proves the domain (`verifySsoProvider`). Only verified providers and the
 * organization's own registrations hold a domain (docs/auth.md, "Domain rule").
 * @throws invalid_input for a public suffix, a free-mail domain or a bad certificate; conflict when a verified
 * provider, or one of the organization's own, has the domain, a parent or a subdomain of it
 */
export async function registerSsoProvider(
  deps: Pick<Deps, "db" | "clock" | "ids" | "keyRing">,
  principal: Principal,
  input: SsoProviderInput,
): Promise<SsoProviderView> {
  const refused = refusedDomain(input.domain);
  if (refused) throw invalid(refused, { domain: input.domain });
  const holders = await deps.db.select().from(authSsoProviders).where(overlapping(input.domain));
  const verified = holders.find((p) => p.domainVerified);
  if (verified) throw conflict(`${input.domain} already signs in through the SSO provider for ${verified.domain}`);
  const own = holders.find((p) => p.organizationId === principal.orgId);
  if (own)
    throw conflict(
      `${input.domain}: this organization has registered ${own.domain} already; verify or delete that provider first`,
    );
  // A fresh id per registration: accounts are keyed by (provider id, IdP subject), so a re-registered domain never
  // inherits the accounts another IdP made.
  const id = deps.ids.uuid();
  const row: Row = {
    id,
    providerId: id,
    domain: input.domain,
    domainVerified: false,
    verificationToken: deps.ids.token(24),
    verifiedAt: null,
    ...configsOf(deps, id, input),
    userId: principal.userId ?? null,
    organizationId: principal.orgId,
    defaultRole: input.defaultRole,
    createdBy: principal.keyId,
    createdAt: deps.clock.now(),
  };
  await deps.db.transaction(async (db) => {
    await db.insert(authSsoProviders).values(row);
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "sso_provider.created",
      target: { type: "sso_provider", id },
      details: { type: input.type, domain: input.domain, defaultRole: input.defaultRole },
    });
  });
  return view(row);
}

/** The providers of the caller's organization. */
export async function listSsoProviders(
  deps: Pick<Deps, "db">,
  principal: Principal,
): Promise<{ data: SsoProviderView[] }> {
  const rows = await deps.db
    .select()
    .from(authSsoProviders)
    .where(eq(authSsoProviders.organizationId, principal.orgId))
    .orderBy(asc(authSsoProviders.domain));
  return { data: rows.map(view) };
}

/**
 * Deletes one of the caller's organization's providers, with the sign-in links its IdP made; memberships stay.
 * @throws not_found for an unknown id or another organization's provider
 */
export async function deleteSsoProvider(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  id: string,
): Promise<{ id: string }> {
  await deps.db.transaction(async (db) => {
    const [row] = await db
      .delete(authSsoProviders)
      .where(and(eq(authSsoProviders.id, id), eq(authSsoProviders.organizationId, principal.orgId)))
      .returning();
    if (!row) throw notFound("SSO provider", id);
    await db.delete(authAccounts).where(eq(authAccounts.providerId, row.providerId));
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "sso_provider.deleted",
      target: { type: "sso_provider", id },
      details: { domain: row.domain },
    });
  });
  return { id };
}

/** The provider behind a plugin provider id, or null. */
export async function ssoProviderById(deps: Pick<Deps, "db">, providerId: string): Promise<Row | null> {
  const [row] = await deps.db.select().from(authSsoProviders).where(eq(authSsoProviders.providerId, providerId));
  return row ?? null;
}

/** The verified provider that signs in `domain` (its own, or its parent domain's), or null: an unverified one signs in no one. */
export async function ssoProviderForDomain(deps: Pick<Deps, "db">, domain: string): Promise<Row | null> {
  const rows = await deps.db.select().from(authSsoProviders).where(eq(authSsoProviders.domainVerified, true));
  return rows.find((p) => p.domain === domain) ?? rows.find((p) => domainCovers(p.domain, domain)) ?? null;
}
