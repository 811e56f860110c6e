import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { runChild } from "../support/run-child";
import { kill, spawnServer, type Spawned } from "../support/spawn-server";

export const root = fileURLToPath(new URL("../../", import.meta.url));
export const CHROMIUM = process.env.SIGHTLINE_CHROMIUM ?? "/usr/bin/chromium";

/** Builds console/dist when a checkout has none yet (`npm install` builds it through `prepare`). */
export async function ensureConsoleBuilt(): Promise<void> {
  if (existsSync(join(root, "console", "dist", "index.html"))) return;
  const { code, output } = await runChild(process.execPath, [join(root, "node_modules", "vite", "bin", "vite.js"), "build", "--config", "console/vite.config.ts", "--logLevel", "warn"], { cwd: root, env: process.env });
  if (code !== 0) throw new Error(`console build failed:\n${output}`);
}

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-dev-shm-usage"] });

export interface Service {
  url: string;
  key: { publicKey: string; secretKey: string };
  call<T = unknown>(method: string, path: string, body?: unknown, key?: { publicKey: string; secretKey: string }): Promise<{ status: number; body: T }>;
  /** What the service logged so far (its mail, at SIGHTLINE_LOG_LEVEL=info: the local runtime logs what it would send). */
  output(): string;
  stop(): Promise<void>;
}

/** `npm start` on a scratch data directory with a known ADMIN key, and a JSON client of its API. */
export async function startService(name: string, env: Record<string, string> = {}): Promise<Service> {
  const key = { publicKey: `pk-sl-${name}`, secretKey: `sk-sl-${name}-secret` };
  const dataDir = mkdtempSync(join(tmpdir(), `sightline-${name}-`));
  const server: Spawned = await spawnServer({ SIGHTLINE_DATA_DIR: dataDir, SIGHTLINE_INIT_PUBLIC_KEY: key.publicKey, SIGHTLINE_INIT_SECRET_KEY: key.secretKey, ...env });
  return {
    url: server.url,
    key,
    output: server.output,
    async call<T>(method: string, path: string, body?: unknown, as = key) {
      const res = await fetch(server.url + path, {
        method,
        headers: { authorization: `Basic ${Buffer.from(`${as.publicKey}:${as.secretKey}`).toString("base64")}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
    async stop() {
      await kill(server, "SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` holds (the ingest worker merges in the background), or fails after `ms`. */
export async function until<T>(what: string, fn: () => Promise<T>, check: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (check(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
