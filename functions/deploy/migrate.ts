import { join } from "node:path";
import { randomIds } from "@core/adapters/system/random-ids";
import { systemClock } from "@core/adapters/system/system-clock";
import { Caches } from "@core/platform/cache";
import * as Tenancy from "@core/tenancy";
import { resolveAwsEnv } from "../_runtime/aws";
import { openServiceStores } from "../_runtime/stores";

/**
 * Runs after every deploy (the stack's Script): applies the Postgres and ClickHouse migrations shipped with
 * this build, then, when the stage's secret holds SIGHTLINE_INIT_PUBLIC_KEY and SIGHTLINE_INIT_SECRET_KEY,
 * makes sure that ADMIN key exists (the first key of a deployment, docs/deployment.md). Re-running is a no-op.
 */
export async function handler(): Promise<{ migrated: true; initialKey: boolean }> {
  // The stack copies migrations/ next to the bundle (copyFiles).
  const migrationsDir = process.env.LAMBDA_TASK_ROOT ? join(process.env.LAMBDA_TASK_ROOT, "migrations") : undefined;
  const env = await resolveAwsEnv(process.env);
  const stores = await openServiceStores(env, { lambda: true, ...(migrationsDir ? { migrationsDir } : {}) });
  try {
    await stores.migrate();
    const initialKey = Boolean(env.SIGHTLINE_INIT_PUBLIC_KEY && env.SIGHTLINE_INIT_SECRET_KEY);
    if (initialKey) {
      await Tenancy.ensureInitialKey(
        { db: stores.db, clock: systemClock, ids: randomIds, caches: new Caches() },
        {
          publicKey: env.SIGHTLINE_INIT_PUBLIC_KEY!,
          secretKey: env.SIGHTLINE_INIT_SECRET_KEY!,
          orgName: env.SIGHTLINE_INIT_ORG,
          projectName: env.SIGHTLINE_INIT_PROJECT,
        },
      );
    }
    return { migrated: true, initialKey };
  } finally {
    await stores.close();
  }
}
