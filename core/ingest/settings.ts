import { eq } from "drizzle-orm";
import * as z from "zod";
import * as Audit from "../audit";
import { readThroughOwned } from "../platform/cache";
import type { Deps } from "../platform/deps";
import type { Principal } from "../platform/principal";
import { ingestSettings } from "./ingest.sql";
import type { PiiPolicy } from "./pii";

export const Sampling = z.object({
  /** Share of traces kept, decided by a hash of the trace id. */
  headRate: z.number().min(0).max(1),
  /** Traces the head dropped are still kept when they show one of these. */
  tail: z
    .object({
      keepErrors: z.boolean().default(true),
      minCostUsd: z.number().nonnegative().nullish(),
    })
    .nullish(),
});
export type Sampling = z.infer<typeof Sampling>;

export const DEFAULT_SAMPLING: Sampling = { headRate: 1, tail: null };
export const DEFAULT_PII_POLICY: PiiPolicy = { enabled: false, builtins: [], custom: [] };

export interface IngestSettings {
  pii: PiiPolicy;
  sampling: Sampling;
}

const scopeOf = (projectId: string) => `ingest-settings:${projectId}`;

/**
 * The project's ingest policy, read on every ingest request so changes apply at once. On a store this
 * process owns, every settings write goes through `putSetting`, so the policy is cached exactly; on a shared
 * Postgres it is read each time (docs/architecture.md, "In-process caches").
 */
export async function getIngestSettings(
  deps: Pick<Deps, "db" | "config" | "caches">,
  projectId: string,
): Promise<IngestSettings> {
  return readThroughOwned(deps, "ingest-settings", scopeOf(projectId), projectId, async () => {
    const [row] = await deps.db.select().from(ingestSettings).where(eq(ingestSettings.projectId, projectId));
    return {
      pii: (row?.piiPolicy as PiiPolicy | null) ?? DEFAULT_PII_POLICY,
      sampling: (row?.sampling as Sampling | null) ?? DEFAULT_SAMPLING,
    };
  });
}

type Writer = Pick<Deps, "db" | "clock" | "ids" | "caches">;

async function putSetting(
  deps: Writer,
  principal: Principal,
  column: "piiPolicy" | "sampling",
  value: unknown,
  action: string,
) {
  const now = deps.clock.now();
  await deps.caches.write(scopeOf(principal.projectId), () =>
    deps.db.transaction(async (db) => {
      await db
        .insert(ingestSettings)
        .values({ projectId: principal.projectId, [column]: value, updatedAt: now })
        .onConflictDoUpdate({ target: ingestSettings.projectId, set: { [column]: value, updatedAt: now } });
      await Audit.recordChange({ ...deps, db }, principal, {
        action,
        target: { type: "project", id: principal.projectId },
        details: { [column]: value },
      });
    }),
  );
}

export async function putPiiPolicy(deps: Writer, principal: Principal, policy: PiiPolicy): Promise<PiiPolicy> {
  await putSetting(deps, principal, "piiPolicy", policy, "pii_policy.updated");
  return policy;
}

export async function putSampling(deps: Writer, principal: Principal, sampling: Sampling): Promise<Sampling> {
  await putSetting(deps, principal, "sampling", sampling, "ingest_sampling.updated");
  return sampling;
}
