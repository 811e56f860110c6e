import { index, pgTable, text, type PgColumnBuilderBase } from "drizzle-orm/pg-core";
import { createdAt } from "../platform/columns";

/**
 * The columns of `auth_sso_providers`, with `oidc_config` given by the caller: the stored table reads it as the
 * text it is (the client secret sealed), and the copy better-auth's adapter gets opens the secret (`sso-secrets.ts`).
 */
export function ssoProviderColumns<C extends PgColumnBuilderBase>(oidcConfig: C) {
  return {
    id: text("id").primaryKey(),
    providerId: text("provider_id").notNull().unique(),
    issuer: text("issuer").notNull(),
    domain: text("domain").notNull().unique(),
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
 * ring, never plain text. A domain belongs to one provider (`domain` is unique, lower case).
 */
export const authSsoProviders = pgTable("auth_sso_providers", ssoProviderColumns(text("oidc_config")), (t) => [index("auth_sso_providers_org_idx").on(t.organizationId)]);
