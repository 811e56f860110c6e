import { sql } from "drizzle-orm";
import { boolean, index, type PgColumnBuilderBase, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tsz } from "../platform/columns";

/**
 * The columns of `auth_sso_providers`, with `oidc_config` given by the caller: the stored table reads it as the
 * text it is (the client secret sealed), and the copy better-auth's adapter gets opens the secret (`sso-secrets.ts`).
 */
export function ssoProviderColumns<C extends PgColumnBuilderBase>(oidcConfig: C) {
  return {
    id: text("id").primaryKey(),
    providerId: text("provider_id").notNull().unique(),
    issuer: text("issuer").notNull(),
    /** Lower case. Unique among verified providers only: an unverified registration claims nothing (docs/auth.md, "Domain rule"). */
    domain: text("domain").notNull(),
    /**
     * The plugin's field: whether the organization proved control of `domain` by DNS (docs/auth.md,
     * "Proving the domain"). The plugin refuses sign-in, the OIDC callback and the SAML ACS of a provider without it.
     */
    domainVerified: boolean("domain_verified").notNull().default(false),
    /**
     * The value of the TXT record that proves the domain, as it is published (not a secret: anyone can read DNS).
     * Random per registration; rows older than the column get one from the database.
     */
    verificationToken: text("verification_token").notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** When the domain was proven; null while it is not. */
    verifiedAt: tsz("verified_at"),
    oidcConfig,
    samlConfig: text("saml_config"),
    /** The person who registered it (null for an API key); the plugin's field, informational here. */
    userId: text("user_id"),
    /** The organization whose people it signs in (tenancy's `organizations.id`; features hold ids, not foreign keys). */
    organizationId: text("organization_id").notNull(),
    /** The role a first-time person gets in the organization (docs/auth.md, "SSO"). */
    defaultRole: text("default_role", { enum: ["ADMIN", "MEMBER", "VIEWER"] }).notNull(),
    /** The key id or `user:<id>` that registered it. */
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  };
}

/**
 * SSO identity providers of better-auth's SSO plugin (`@better-auth/sso`), docs/auth.md "SSO". Property names are
 * the plugin's field names, so its drizzle adapter finds them; `default_role` and `created_by` are ours.
 * `oidc_config` and `saml_config` hold the plugin's JSON; the OIDC client secret inside is sealed with the key
 * ring, never plain text. A domain belongs to one verified provider; unverified registrations of it may be many.
 */
export const authSsoProviders = pgTable("auth_sso_providers", ssoProviderColumns(text("oidc_config")), (t) => [
  index("auth_sso_providers_org_idx").on(t.organizationId),
  uniqueIndex("auth_sso_providers_verified_domain_idx").on(t.domain).where(sql`${t.domainVerified}`),
]);
