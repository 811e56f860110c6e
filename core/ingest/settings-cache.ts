import type { IngestSettings } from "./settings";

/**
 * Ingest settings are read on every ingest request; on the embedded Postgres that
 * read costs more CPU than the rest of the request. Entries live for `TTL_MS` and a
 * write through this process drops its project's entry at once, so the single-process
 * runtime is never stale; other Lambda instances see a change within `TTL_MS`.
 */
export const SETTINGS_TTL_MS = 2000;

const entries = new Map<string, { settings: IngestSettings; until: number }>();

export function cachedSettings(projectId: string, now: number): IngestSettings | undefined {
  const hit = entries.get(projectId);
  return hit && hit.until > now ? hit.settings : undefined;
}

export function rememberSettings(projectId: string, settings: IngestSettings, now: number): void {
  if (entries.size > 10_000) entries.clear();
  entries.set(projectId, { settings, until: now + SETTINGS_TTL_MS });
}

export function forgetSettings(projectId: string): void {
  entries.delete(projectId);
}
