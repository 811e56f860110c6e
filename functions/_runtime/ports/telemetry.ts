import { ClickHouseTelemetryStore } from "@core/adapters/clickhouse/telemetry-store";
import type { Env } from "../env";
import type { Port } from "../ports";

/** ClickHouse over HTTP at `SIGHTLINE_CLICKHOUSE_URL`. */
export function openClickHouseServer(env: Env): ClickHouseTelemetryStore {
  if (!env.SIGHTLINE_CLICKHOUSE_URL) throw new Error("Invalid configuration: SIGHTLINE_CLICKHOUSE_URL must be set");
  if (env.SIGHTLINE_CLICKHOUSE_SHARDED && !env.SIGHTLINE_CLICKHOUSE_CLUSTER)
    throw new Error("Invalid configuration: SIGHTLINE_CLICKHOUSE_SHARDED needs SIGHTLINE_CLICKHOUSE_CLUSTER");
  const cluster = env.SIGHTLINE_CLICKHOUSE_CLUSTER
    ? { name: env.SIGHTLINE_CLICKHOUSE_CLUSTER, sharded: env.SIGHTLINE_CLICKHOUSE_SHARDED ?? false }
    : undefined;
  return new ClickHouseTelemetryStore({
    url: env.SIGHTLINE_CLICKHOUSE_URL,
    username: env.SIGHTLINE_CLICKHOUSE_USER,
    password: env.SIGHTLINE_CLICKHOUSE_PASSWORD,
    database: env.SIGHTLINE_CLICKHOUSE_DATABASE,
    cluster,
  });
}

/** The telemetry store (traces, observations, scores). */
export const telemetry: Port<"telemetry"> = { name: "telemetry", open: openClickHouseServer };
