/**
 * Key lookups remembered in this process, used only when the relational store is
 * embedded and owned by this process (PGlite holds a lock on its directory), so
 * every write to keys goes through this process. Any key write bumps the
 * generation after it commits; an entry read under an older generation is never
 * used, so a revocation or a role change still applies to the very next request.
 * On a shared Postgres (AWS, or DATABASE_URL) the key is read on every call.
 */
export interface CachedKey {
  id: string;
  publicKey: string;
  secretHash: string;
  role: string;
  projectId: string;
  orgId: string;
}

let generation = 0;
const entries = new Map<string, { key: CachedKey; generation: number }>();

export const keyCacheGeneration = () => generation;

export function cachedKey(publicKey: string): CachedKey | undefined {
  const hit = entries.get(publicKey);
  return hit && hit.generation === generation ? hit.key : undefined;
}

/** `readAt` is the generation seen before the read started: a write that raced the read invalidates it. */
export function rememberKey(key: CachedKey, readAt: number): void {
  if (readAt !== generation) return;
  if (entries.size > 10_000) entries.clear();
  entries.set(key.publicKey, { key, generation: readAt });
}

/** Call after any committed write to API keys or projects. */
export function invalidateKeyCache(): void {
  generation++;
  entries.clear();
}
