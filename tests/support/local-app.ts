import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { memoryMailer } from "@core/adapters/system/log-mailer";
import type { MailMessage } from "@core/platform/ports";
import { type LocalApp, startLocalApp } from "@functions/local/app";
import { createScratchDatabase } from "./scratch-db";
import { seedDataDir } from "./store-template";

export interface TestApp extends LocalApp {
  dataDir: string;
  admin: { publicKey: string; secretKey: string };
  /** Every email the service sent (magic links), from the in-memory mailer the test app is given. */
  mail: MailMessage[];
  /** fetch relative to the app, with Basic auth for `key` (the admin key by default; null for none). */
  call(
    method: string,
    path: string,
    options?: {
      key?: { publicKey: string; secretKey: string } | null;
      body?: unknown;
      headers?: Record<string, string>;
    },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export const basic = (key: { publicKey: string; secretKey: string }) =>
  `Basic ${Buffer.from(`${key.publicKey}:${key.secretKey}`).toString("base64")}`;

/**
 * The whole local service on embedded stores in a temporary directory, on a free
 * port, with queues and schedules driven by the test (no timers, no polling).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  /** `background`: queues drain and schedules run on their own, as under `npm start`. */
  options: { background?: boolean } = {},
): Promise<TestApp> {
  const dataDir = env.SIGHTLINE_DATA_DIR ?? mkdtempSync(join(tmpdir(), "sightline-test-"));
  // A test that restarts on the same data names its key, so the second start answers to it too.
  const admin =
    env.SIGHTLINE_INIT_PUBLIC_KEY && env.SIGHTLINE_INIT_SECRET_KEY
      ? { publicKey: env.SIGHTLINE_INIT_PUBLIC_KEY, secretKey: env.SIGHTLINE_INIT_SECRET_KEY }
      : {
          publicKey: `pk-sl-test-${Math.random().toString(36).slice(2)}`,
          secretKey: `sk-sl-test-${Math.random().toString(36).slice(2)}`,
        };
  const mailer = memoryMailer();
  const scratch =
    process.env.DATABASE_URL && !env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  // A new data directory starts from the migrated template; one the test names is left as the test made it.
  if (!env.SIGHTLINE_DATA_DIR)
    await seedDataDir(dataDir, {
      DATABASE_URL: scratch?.url ?? env.DATABASE_URL,
      SIGHTLINE_CLICKHOUSE_URL: env.SIGHTLINE_CLICKHOUSE_URL,
    });
  const app = await startLocalApp(
    {
      PORT: "0",
      SIGHTLINE_DATA_DIR: dataDir,
      SIGHTLINE_LOG_LEVEL: "silent",
      SIGHTLINE_INIT_PUBLIC_KEY: admin.publicKey,
      SIGHTLINE_INIT_SECRET_KEY: admin.secretKey,
      // Unique names keep test files apart when they share a Postgres server.
      SIGHTLINE_INIT_ORG: `org-${admin.publicKey.slice(-8)}`,
      SIGHTLINE_INIT_PROJECT: `project-${admin.publicKey.slice(-8)}`,
      // Tests send far more than the default limits allow; one that tests limiting passes its own.
      SIGHTLINE_RATE_LIMITS: "off",
      SIGHTLINE_SIGNIN_RATE_LIMIT: "off",
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      ...env,
    },
    { background: options.background ?? false, mailer },
  );
  return {
    ...app,
    dataDir,
    admin,
    mail: mailer.sent,
    async call(method, path, options = {}) {
      const key = options.key === undefined ? admin : options.key;
      const headers: Record<string, string> = { ...(key ? { authorization: basic(key) } : {}), ...options.headers };
      let body: string | undefined;
      if (options.body !== undefined && method !== "GET" && method !== "HEAD") {
        body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
        headers["content-type"] ??= "application/json";
      }
      const res = await fetch(`${app.url}${path}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {}
      return { status: res.status, body: parsed as any, headers: res.headers };
    },
    async close() {
      await app.stop();
      await scratch?.drop();
      if (!env.SIGHTLINE_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
