import { openPostgresJs } from "@core/adapters/postgres/postgres-js";
import type { Env } from "./env";

/** Postgres on its server (`DATABASE_URL`); `lambda` keeps one connection per function instance. */
export function openPostgresServer(env: Env, options: { lambda?: boolean } = {}) {
  if (!env.DATABASE_URL) throw new Error("Invalid configuration: DATABASE_URL must be set");
  return openPostgresJs({ url: env.DATABASE_URL, max: options.lambda ? 1 : 10 });
}
