import { and, eq, isNotNull } from "drizzle-orm";
import { customType, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "../platform/columns";
import type { Db } from "../platform/db";
import type { KeyRing } from "../platform/keyring";
import type { SealedSecretTable } from "../platform/ports";
import { authSsoProviders, ssoProviderColumns } from "./sso.sql";

/*
 * The SSO plugin reads its provider's OIDC client secret from `oidc_config` (its own JSON). We keep that secret
 * sealed with the key ring (docs/secrets.md) and let the plugin see it open: the table handed to better-auth's
 * drizzle adapter maps `oidc_config` through a column type that opens the secret on read and seals it on write
 * (docs/auth.md, "SSO"). Everything else in the JSON (issuer, endpoints, client id) stays readable.
 */

const isSealed = (ring: KeyRing, value: string) => ring.keyIdOf(value) !== null;

/** The plugin's OIDC JSON with its `clientSecret` sealed; already sealed secrets and non-JSON text pass unchanged. */
export function sealOidcConfig(ring: KeyRing, json: string): string {
  const config = parsed(json);
  if (!config || typeof config.clientSecret !== "string" || isSealed(ring, config.clientSecret)) return json;
  return JSON.stringify({ ...config, clientSecret: ring.encrypt(config.clientSecret) });
}

/** The plugin's OIDC JSON with its `clientSecret` open. @throws KeyRingError when no key of the ring opens it. */
export function openOidcConfig(ring: KeyRing, json: string): string {
  const config = parsed(json);
  if (!config || typeof config.clientSecret !== "string" || !isSealed(ring, config.clientSecret)) return json;
  return JSON.stringify({ ...config, clientSecret: ring.decrypt(config.clientSecret) });
}

function parsed(json: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * `auth_sso_providers` as better-auth's adapter sees it: the same table and columns, with `oidc_config` opened on
 * read and sealed on write by `ring`. Only the adapter uses it; our own code reads the sealed text.
 */
export function ssoProvidersForAuth(ring: KeyRing) {
  const sealedConfig = customType<{ data: string; driverData: string }>({
    dataType: () => "text",
    toDriver: (value) => sealOidcConfig(ring, value),
    fromDriver: (value) => openOidcConfig(ring, value),
  });
  return pgTable("auth_sso_providers", {
    ...ssoProviderColumns(sealedConfig("oidc_config")),
    // The plugin never inserts (registration is ours), but its adapter refuses required columns it would not
    // write: these defaults exist only in this copy, not in the database.
    defaultRole: text("default_role", { enum: ["ADMIN", "MEMBER", "VIEWER"] })
      .notNull()
      .default("VIEWER"),
    createdBy: text("created_by").notNull().default("better-auth"),
    createdAt: createdAt().defaultNow(),
  });
}

/** OIDC client secrets of SSO providers for the rotation command (docs/secrets.md, "Rotation"). */
export const ssoClientSecrets: SealedSecretTable = {
  name: "auth_sso_providers",
  async rows(db: Db) {
    const rows = await db
      .select({ id: authSsoProviders.id, domain: authSsoProviders.domain, config: authSsoProviders.oidcConfig })
      .from(authSsoProviders)
      .where(isNotNull(authSsoProviders.oidcConfig))
      .orderBy(authSsoProviders.id);
    return rows.flatMap((r) => {
      const secret = parsed(r.config!)?.clientSecret;
      return typeof secret === "string"
        ? [{ id: r.id, sealed: secret, label: `SSO provider for ${r.domain}, OIDC client secret` }]
        : [];
    });
  },
  async write(db: Db, id: string, sealed: string, previous: string) {
    const [row] = await db
      .select({ config: authSsoProviders.oidcConfig })
      .from(authSsoProviders)
      .where(eq(authSsoProviders.id, id));
    const config = row?.config ? parsed(row.config) : null;
    if (!config || config.clientSecret !== previous) return;
    // Conditional on the text read, so a provider changed meanwhile is left as it is.
    await db
      .update(authSsoProviders)
      .set({ oidcConfig: JSON.stringify({ ...config, clientSecret: sealed }) })
      .where(and(eq(authSsoProviders.id, id), eq(authSsoProviders.oidcConfig, row!.config!)));
  },
};
