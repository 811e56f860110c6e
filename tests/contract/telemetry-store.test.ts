import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClickHouseTelemetryStore } from "@core/adapters/clickhouse/telemetry-store";
import { describeTelemetryStore } from "./telemetry-store.contract";

// chDB binds one data directory per process, and this file runs in a fork of its own.
const chdbPath = join(mkdtempSync(join(tmpdir(), "sightline-chdb-")), "ch");
describeTelemetryStore("chDB", {
  open: () => new ClickHouseTelemetryStore({ chdbPath }),
  cleanup: async () => rmSync(join(chdbPath, ".."), { recursive: true, force: true }),
});

const url = process.env.SIGHTLINE_CLICKHOUSE_URL;
if (url) {
  const server = {
    url,
    username: process.env.SIGHTLINE_CLICKHOUSE_USER,
    password: process.env.SIGHTLINE_CLICKHOUSE_PASSWORD,
  };
  // A database per run: migrations start from nothing and parallel runs cannot collide.
  const database = `sightline_test_${randomUUID().replaceAll("-", "")}`;
  describeTelemetryStore("ClickHouse server", {
    open: () => new ClickHouseTelemetryStore({ ...server, database }),
    database,
    cleanup: async () => {
      const admin = new ClickHouseTelemetryStore(server);
      await admin.command(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.close();
    },
  });
}
