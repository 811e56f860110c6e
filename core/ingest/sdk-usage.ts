import { desc, eq, sql } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import type { SdkIdentity } from "./ingest.schema";
import { sdkUsage } from "./ingest.sql";

/**
 * Who sent a batch: the `sdk` field, else the legacy client's metadata, else the
 * `x-langfuse-sdk-*` headers (OTLP requests too).
 */
export function sdkIdentityOf(input: {
  sdk?: SdkIdentity | null;
  metadata?: Record<string, unknown> | null;
  headers: Record<string, string | undefined>;
}): SdkIdentity | null {
  if (input.sdk) return input.sdk;
  // Headers and metadata are free text: NUL characters (which Postgres cannot store) are dropped.
  const clip = (v: unknown, max: number) =>
    typeof v === "string" && v.replaceAll("\u0000", "").length > 0 ? v.replaceAll("\u0000", "").slice(0, max) : null;
  const fromMeta = { name: clip(input.metadata?.sdk_name, 200), version: clip(input.metadata?.sdk_version, 100) };
  if (fromMeta.name) return { name: fromMeta.name, version: fromMeta.version ?? "unknown" };
  const name = clip(input.headers["x-langfuse-sdk-name"], 200);
  if (name) return { name, version: clip(input.headers["x-langfuse-sdk-version"], 100) ?? "unknown" };
  return null;
}

export interface SdkCount extends SdkIdentity {
  batches: number;
  events: number;
}

/** Adds accepted batches and events to the SDK builds that sent them, one upsert per build. */
export async function recordSdkUsage(
  deps: Pick<Deps, "db" | "clock">,
  projectId: string,
  counts: readonly SdkCount[],
): Promise<void> {
  const now = deps.clock.now();
  for (const c of counts) {
    await deps.db
      .insert(sdkUsage)
      .values({
        projectId,
        name: c.name,
        version: c.version,
        batches: c.batches,
        events: c.events,
        firstSeenAt: now,
        lastSeenAt: now,
      })
      .onConflictDoUpdate({
        target: [sdkUsage.projectId, sdkUsage.name, sdkUsage.version],
        set: {
          batches: sql`${sdkUsage.batches} + ${c.batches}`,
          events: sql`${sdkUsage.events} + ${c.events}`,
          lastSeenAt: now,
        },
      });
  }
}

/** The SDK counts of stored batches, summed per project and build. */
export function sdkCountsOf(
  batches: readonly { projectId: string; sdk?: { name: string; version: string; events: number } | null }[],
): Map<string, SdkCount[]> {
  const byProject = new Map<string, Map<string, SdkCount>>();
  for (const b of batches) {
    if (!b.sdk) continue;
    const builds = byProject.get(b.projectId) ?? new Map<string, SdkCount>();
    byProject.set(b.projectId, builds);
    const key = `${b.sdk.name}\u0000${b.sdk.version}`;
    const c = builds.get(key) ?? { name: b.sdk.name, version: b.sdk.version, batches: 0, events: 0 };
    c.batches += 1;
    c.events += b.sdk.events;
    builds.set(key, c);
  }
  return new Map([...byProject].map(([p, builds]) => [p, [...builds.values()]]));
}

export interface SdkUsageView {
  name: string;
  version: string;
  batches: number;
  events: number;
  firstSeenAt: string;
  lastSeenAt: string;
}

export async function listSdkUsage(deps: Pick<Deps, "db">, projectId: string): Promise<SdkUsageView[]> {
  const rows = await deps.db
    .select()
    .from(sdkUsage)
    .where(eq(sdkUsage.projectId, projectId))
    .orderBy(desc(sdkUsage.lastSeenAt));
  return rows.map((r) => ({
    name: r.name,
    version: r.version,
    batches: Number(r.batches),
    events: Number(r.events),
    firstSeenAt: r.firstSeenAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
  }));
}
