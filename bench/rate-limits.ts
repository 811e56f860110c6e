import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PostgresHandle } from "@core/adapters/postgres/migrate";
import { openPglite } from "@core/adapters/postgres/pglite";
import { openPostgresJs } from "@core/adapters/postgres/postgres-js";
import { Config } from "@core/platform/config";
import type { Db } from "@core/platform/db";
import * as RateLimits from "@core/ratelimits";
import { sql } from "drizzle-orm";
import { createScratchDatabase } from "../tests/support/scratch-db";
import { kill, spawnServer } from "../tests/support/spawn-server";
import { fmt, latencies, quantile } from "./lib";

const MIGRATIONS = fileURLToPath(new URL("../migrations/postgres", import.meta.url));
const KEY = { publicKey: "pk-sl-bench-limits", secretKey: "sk-sl-bench-limits" };
const auth = { authorization: `Basic ${Buffer.from(`${KEY.publicKey}:${KEY.secretKey}`).toString("base64")}` };
const CHECKS = 100_000;
/** 10 ms between checks of one bucket: 100 requests a second, the default ingest limit, so nearly all are admitted. */
const STEP_MS = 10;

/**
 * `CHECKS` calls of `RateLimits.admit` for one project's ingest bucket under the default limits, on a clock
 * that moves `STEP_MS` per call; sorted per-call times in ms, and how many were refused. With a database each
 * call follows a round trip on it, as a request on the shared store reads its key first: that paces the calls
 * as requests are, so a lease started in the background has the time a real one has.
 */
async function checks(ownsRelationalStore: boolean, db: Db | null): Promise<{ times: number[]; refused: number }> {
  let now = Date.UTC(2026, 10, 22, 10, 0, 0);
  const deps = {
    rateLimiter: new RateLimits.RateLimiter(),
    config: Config.parse({ allowPrivateUrls: false, ownsRelationalStore }),
    clock: { now: () => new Date(now) },
    db: db as Db,
  };
  const principal = { projectId: "bench-project", keyId: "bench-key" };
  const times: number[] = [];
  let refused = 0;
  for (let i = 0; i < CHECKS + 5_000; i++) {
    now += STEP_MS;
    if (db) await db.execute(sql`SELECT 1`);
    const started = performance.now();
    try {
      await RateLimits.admit(deps, principal, "ingest");
    } catch {
      refused++;
    }
    // The first 5,000 warm the JIT (and, for leases, PGlite's plan cache) and are not counted.
    if (i >= 5_000) times.push(performance.now() - started);
  }
  return { times: times.sort((a, b) => a - b), refused };
}

/** Sequential authenticated GETs against `npm start` with the given limits (above the request rate, so none is refused). */
async function requests(limits: string, databaseUrl = ""): Promise<number[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "sightline-bench-limits-"));
  const server = await spawnServer({
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    SIGHTLINE_RATE_LIMITS: limits,
    DATABASE_URL: databaseUrl,
  });
  try {
    const url = `${server.url}/v1/projects`;
    await latencies(url, auth, 1000);
    return await latencies(url, auth, 10_000);
  } finally {
    await kill(server, "SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withMigrated<T>(handle: PostgresHandle, run: (db: Db) => Promise<T>): Promise<T> {
  try {
    await handle.migrate(MIGRATIONS);
    return await run(handle.db);
  } finally {
    await handle.close();
  }
}

/** Limits above what sequential requests reach on one machine, so every request is admitted and checked. */
const GENEROUS = "ingest=5000/10000,api=5000/10000";

/** Target: the rate-limit check adds ≤ 0.5 ms p99 to an authenticated request (docs/rate-limits.md). */
export async function benchRateLimits(): Promise<string> {
  const memory = await checks(true, null);
  const pglite = await withMigrated(await openPglite(), (db) => checks(false, db));
  // The shared store on a Postgres server too, when the environment names one (loopback here; on AWS, the VPC).
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
  const shared = scratch?.url ?? serverUrl;
  try {
    const server = shared
      ? await withMigrated(openPostgresJs({ url: shared, max: 1 }), (db) => checks(false, db))
      : null;
    const embedded = { without: await requests("off"), with: await requests(GENEROUS) };
    const onServer = shared ? { without: await requests("off", shared), with: await requests(GENEROUS, shared) } : null;

    const ms = (l: number[], q: number) => fmt(quantile(l, q), 4);
    const row = (name: string, r: { times: number[]; refused: number }) =>
      `| ${name} | ≤ 0.5 ms | ${ms(r.times, 0.5)} ms | ${ms(r.times, 0.99)} ms | ${ms(r.times, 0.999)} ms | ${r.refused} |`;
    const compare = (name: string, r: { without: number[]; with: number[] }) =>
      [0.5, 0.99].map(
        (q) =>
          `| ${name} p${q * 100} | ${fmt(quantile(r.without, q))} ms | ${fmt(quantile(r.with, q))} ms | ${fmt(quantile(r.with, q) - quantile(r.without, q))} ms |`,
      );
    return [
      "## Rate limits",
      "",
      "The check added to every authenticated request (`RateLimits.admit`), timed per call over 100,000 calls after 5,000 warm-up, for one project's ingest bucket under the default limit (100/s, burst 200), the clock moving 10 ms per call: each one-second window sees 100 calls and all are admitted. On a database each call follows a round trip on it (`SELECT 1`, standing for the key lookup of a request on a shared store), which paces the calls as requests are.",
      "",
      "| path | target p99 | p50 | p99 | p99.9 | refused |",
      "|---|---|---|---|---|---|",
      row("in memory (embedded store, `npm start`)", memory),
      row("leased from PGlite (in process)", pglite),
      ...(server ? [row("leased from a Postgres server (loopback, one connection as on Lambda)", server)] : []),
      "",
      `Authenticated \`GET /v1/projects\` on \`npm start\`, 10,000 sequential keep-alive requests after 1,000 warm-up, without limits and with \`SIGHTLINE_RATE_LIMITS=${GENEROUS}\` (above the request rate, so every request is checked and none refused):`,
      "",
      "| request | without limits | with limits | difference |",
      "|---|---|---|---|",
      ...compare("embedded stores", embedded),
      ...(onServer ? compare("Postgres server (`DATABASE_URL`, leases)", onServer) : []),
      "",
      "A leased check waits for a statement only when its instance has no token left: the next block (up to a tenth of the burst) is leased in the background once half of the current one is spent, and the clean-up runs once a minute after a lease. The request differences are within run-to-run noise.",
      "",
    ].join("\n");
  } finally {
    await scratch?.drop();
  }
}
