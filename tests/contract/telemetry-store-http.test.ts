import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClickHouseTelemetryStore } from "@core/adapters/clickhouse/telemetry-store";
import { afterAll, beforeAll } from "vitest";
import { type ClickHouseShim, startClickHouseShim } from "../support/clickhouse-http-shim";
import { describeTelemetryStore } from "./telemetry-store.contract";

/*
 * The server transport (`@clickhouse/client` over HTTP) against the ClickHouse HTTP shim over chDB, so the
 * server path runs in CI where no ClickHouse server is. With SIGHTLINE_CLICKHOUSE_URL set, telemetry-store.test.ts
 * runs the same suite against the real server.
 */
const root = mkdtempSync(join(tmpdir(), "sightline-ch-shim-"));
let shim: ClickHouseShim;
beforeAll(async () => {
  shim = await startClickHouseShim(join(root, "ch"));
});
afterAll(async () => {
  await shim?.stop();
  rmSync(root, { recursive: true, force: true });
});

const database = `sightline_test_${randomUUID().replaceAll("-", "")}`;
describeTelemetryStore("ClickHouse over HTTP (chDB shim)", {
  open: () => new ClickHouseTelemetryStore({ url: shim.url, database }),
  database,
  cleanup: async () => {
    const admin = new ClickHouseTelemetryStore({ url: shim.url });
    await admin.command(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.close();
  },
});
