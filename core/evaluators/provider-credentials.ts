import { and, asc, eq } from "drizzle-orm";
import * as Audit from "../audit";
import { refusedUrlHost } from "../platform/address-policy";
import type { Db } from "../platform/db";
import type { Deps } from "../platform/deps";
import { invalid, notFound, unprocessable } from "../platform/errors";
import { KeyRingError } from "../platform/keyring";
import type { LlmCredentials, LlmProviderName, SealedSecretTable } from "../platform/ports";
import type { Principal } from "../platform/principal";
import {
  KEYED_PROVIDERS,
  type KeyedProvider,
  type ProviderCredentialsInput,
  type ProviderView,
} from "./evaluators.schema";
import { providerCredentials } from "./evaluators.sql";

const view = (r: typeof providerCredentials.$inferSelect): ProviderView => ({
  provider: r.provider,
  baseUrl: r.baseUrl,
  configured: true,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * Saves a project's credentials for a provider, the API key sealed with the key ring; records
 * `provider.credentials_saved` without the key. The key is never returned.
 * @throws invalid_input when a key is missing (any provider but `openai-compatible`), when `openai-compatible`
 * has no `baseUrl`, or when `baseUrl` names a private or loopback address and the runtime forbids those.
 */
export async function putProviderCredentials(
  deps: Pick<Deps, "db" | "clock" | "ids" | "keyRing" | "config">,
  principal: Principal,
  provider: KeyedProvider,
  input: ProviderCredentialsInput,
): Promise<ProviderView> {
  const baseUrl = input.baseUrl ? input.baseUrl.replace(/\/+$/, "") : null;
  // An OpenAI-compatible server is known only by its URL; a local one (Ollama, vLLM) may take no key.
  if (provider === "openai-compatible" && !baseUrl)
    throw invalid("Invalid body.baseUrl: openai-compatible needs the server's base URL (ending in /v1)");
  if (provider !== "openai-compatible" && !input.apiKey)
    throw invalid(`Invalid body.apiKey: ${provider} needs an API key`);
  // A convenience: provider calls are checked on the address each connection reaches (docs/outbound.md).
  if (baseUrl && !deps.config.allowPrivateUrls && refusedUrlHost(baseUrl)) {
    throw invalid(
      "baseUrl names a private or loopback address, which this deployment refuses (SIGHTLINE_ALLOW_PRIVATE_URLS)",
    );
  }
  const sealed = deps.keyRing.encrypt(input.apiKey);
  const now = deps.clock.now();
  return deps.db.transaction(async (db) => {
    const [row] = await db
      .insert(providerCredentials)
      .values({
        id: deps.ids.uuid(),
        projectId: principal.projectId,
        provider,
        apiKeySealed: sealed,
        baseUrl,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [providerCredentials.projectId, providerCredentials.provider],
        set: { apiKeySealed: sealed, baseUrl, updatedAt: now },
      })
      .returning();
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "provider.credentials_saved",
      target: { type: "provider", id: provider },
      details: { provider, baseUrl },
    });
    return view(row!);
  });
}

/** Removes a provider's credentials. @throws not_found when none are stored. */
export async function deleteProviderCredentials(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  provider: KeyedProvider,
): Promise<{ provider: KeyedProvider; deleted: true }> {
  return deps.db.transaction(async (db) => {
    const [row] = await db
      .delete(providerCredentials)
      .where(and(eq(providerCredentials.projectId, principal.projectId), eq(providerCredentials.provider, provider)))
      .returning();
    if (!row) throw notFound("provider credentials", provider);
    await Audit.recordChange({ ...deps, db }, principal, {
      action: "provider.credentials_deleted",
      target: { type: "provider", id: provider },
      details: { provider },
    });
    return { provider, deleted: true as const };
  });
}

/** One provider's settings, without the key. @throws not_found when none are stored. */
export async function getProviderCredentials(
  deps: Pick<Deps, "db">,
  projectId: string,
  provider: KeyedProvider,
): Promise<ProviderView> {
  const [row] = await deps.db
    .select()
    .from(providerCredentials)
    .where(and(eq(providerCredentials.projectId, projectId), eq(providerCredentials.provider, provider)));
  if (!row) throw notFound("provider credentials", provider);
  return view(row);
}

/** Every provider and whether it can be used: `mock` always, the others once credentials are stored. */
export async function listProviders(deps: Pick<Deps, "db">, projectId: string): Promise<{ data: ProviderView[] }> {
  const rows = await deps.db
    .select()
    .from(providerCredentials)
    .where(eq(providerCredentials.projectId, projectId))
    .orderBy(asc(providerCredentials.provider));
  const byProvider = new Map(rows.map((r) => [r.provider, view(r)]));
  return {
    data: [
      { provider: "mock", baseUrl: null, configured: true, updatedAt: null },
      ...KEYED_PROVIDERS.map(
        (p) => byProvider.get(p) ?? { provider: p, baseUrl: null, configured: false, updatedAt: null },
      ),
    ],
  };
}

/**
 * The opened credentials of the given providers (mock needs none); a provider without credentials is absent.
 * @throws unprocessable when a stored key cannot be opened by the ring (sealed under a key since dropped).
 */
export async function openCredentials(
  deps: Pick<Deps, "db" | "keyRing">,
  projectId: string,
  providers: readonly LlmProviderName[],
): Promise<Map<LlmProviderName, LlmCredentials>> {
  const wanted = new Set(providers.filter((p) => p !== "mock"));
  const opened = new Map<LlmProviderName, LlmCredentials>();
  if (wanted.size === 0) return opened;
  const rows = await deps.db.select().from(providerCredentials).where(eq(providerCredentials.projectId, projectId));
  for (const row of rows) {
    if (!wanted.has(row.provider)) continue;
    try {
      opened.set(row.provider, { apiKey: deps.keyRing.decrypt(row.apiKeySealed), baseUrl: row.baseUrl });
    } catch (error) {
      if (!(error instanceof KeyRingError)) throw error;
      // A key sealed under a key since dropped from the ring: only storing it again helps.
      throw unprocessable(
        `The stored key for provider "${row.provider}" cannot be opened (${error.message}): store it again with PUT /v1/providers/${row.provider}`,
      );
    }
  }
  return opened;
}

/** Provider API keys, for the rotation command's registry of sealed secrets. */
export const providerCredentialSecrets: SealedSecretTable = {
  name: "provider_credentials",
  async rows(db: Db) {
    const rows = await db
      .select()
      .from(providerCredentials)
      .orderBy(asc(providerCredentials.projectId), asc(providerCredentials.provider));
    return rows.map((r) => ({
      id: r.id,
      sealed: r.apiKeySealed,
      label: `project ${r.projectId}, provider ${r.provider}`,
    }));
  },
  async write(db: Db, id: string, sealed: string, previous: string) {
    await db
      .update(providerCredentials)
      .set({ apiKeySealed: sealed })
      .where(and(eq(providerCredentials.id, id), eq(providerCredentials.apiKeySealed, previous)));
  },
};
