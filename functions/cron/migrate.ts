import { join } from "node:path";
import { resolveAwsEnv } from "../_runtime/aws";
import { openStores } from "../_runtime/stores";

/**
 * Runs after every deploy (the stack's Script): applies the Postgres and
 * ClickHouse migrations shipped with this build. Re-running is a no-op.
 */
export async function handler(): Promise<{ migrated: true }> {
  // The stack copies migrations/ next to the bundle (copyFiles).
  const migrationsDir = process.env.LAMBDA_TASK_ROOT ? join(process.env.LAMBDA_TASK_ROOT, "migrations") : undefined;
  const stores = await openStores(await resolveAwsEnv(process.env), { lambda: true, migrationsDir });
  try {
    await stores.migrate();
    return { migrated: true };
  } finally {
    await stores.close();
  }
}
