import { desc, eq, sql } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import { sdkUsage } from "./ingest.sql";
import type { SdkIdentity } from "./ingest.schema";

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
  const clip = (v: unknown, max: number) => (typeof v === "string" && v.length > 0 ? v.slice(0, max) : null);
  const fromMeta = { name: clip(input.metadata?.sdk_name, 200), version: clip(input.metadata?.sdk_version, 100) };
  if (fromMeta.name) return { name: fromMeta.name, version: fromMeta.version ?? "unknown" };
  const name = clip(input.headers["x-langfuse-sdk-name"], 200);
  if (name) return { name, version: clip(input.headers["x-langfuse-sdk-version"], 100) ?? "unknown" };
  return null;
}

/** Counts one accepted batch against the SDK build that sent it. */
export async function recordSdkUsage(deps: Pick<Deps, "db" | "clock">, projectId: string, sdk: SdkIdentity, events: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .insert(sdkUsage)
    .values({ projectId, name: sdk.name, version: sdk.version, batches: 1, events, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [sdkUsage.projectId, sdkUsage.name, sdkUsage.version],
      set: { batches: sql`${sdkUsage.batches} + 1`, events: sql`${sdkUsage.events} + ${events}`, lastSeenAt: now },
    });
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
  const rows = await deps.db.select().from(sdkUsage).where(eq(sdkUsage.projectId, projectId)).orderBy(desc(sdkUsage.lastSeenAt));
  return rows.map((r) => ({ name: r.name, version: r.version, batches: Number(r.batches), events: Number(r.events), firstSeenAt: r.firstSeenAt.toISOString(), lastSeenAt: r.lastSeenAt.toISOString() }));
}
