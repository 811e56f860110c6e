import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { cachedDir, listFiles, withLock } from "../support/cache";
import { runChild } from "../support/run-child";
import { kill, type Spawned, spawnServer } from "../support/spawn-server";
import { seedDataDir } from "../support/store-template";

export const root = fileURLToPath(new URL("../../", import.meta.url));
/**
 * Where the console tests write their screenshots: `test-results/console/`, which git ignores, so a test run leaves
 * the tree as it found it. `npm run screenshots` points it at docs/console/ (docs/console.md, "Screenshots").
 */
export const SHOTS = resolve(root, process.env.SIGHTLINE_SCREENSHOTS_DIR || "test-results/console");

/**
 * Builds console/dist when a checkout has none yet (`npm install` builds it through `prepare`) or when a console
 * source changed after the build, so the tests never drive a stale console. Forks build it one at a time.
 */
export async function ensureConsoleBuilt(): Promise<void> {
  const built = join(root, "console", "dist", "index.html");
  const stale = () => !existsSync(built) || newestSource() > statSync(built).mtimeMs;
  if (!stale()) return;
  await withLock("console-build", async () => {
    if (!stale()) return;
    // The build `npm install` runs (its `prepare` script), so both make the same console.
    const { code, output } = await runChild(process.execPath, [join(root, "scripts", "prepare-console.mjs")], {
      cwd: root,
      env: process.env,
    });
    if (code !== 0) throw new Error(`console build failed:\n${output}`);
  });
}

/** The latest change to the console's sources (everything under console/ but its build and installs). */
function newestSource(): number {
  const dir = join(root, "console");
  const sources = readdirSync(dir).filter((name) => name !== "dist" && name !== "node_modules");
  const files = sources.flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? listFiles(join(dir, name)) : [join(dir, name)],
  );
  return Math.max(...files.map((file) => statSync(file).mtimeMs));
}

/**
 * Headless Chromium for the console tests (docs/console.md, "Tests"): the build inside the `@sparticuz/chromium`
 * devDependency, so `npm install` is all a machine needs, or the browser at `SIGHTLINE_CHROMIUM` when it is set
 * (e.g. `/usr/bin/chromium`). The package ships it compressed: the first run extracts it once into the test cache.
 */
export async function launchChromium(): Promise<Browser> {
  const system = process.env.SIGHTLINE_CHROMIUM;
  if (system) return chromium.launch({ executablePath: system, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  const { default: packaged } = await import("@sparticuz/chromium");
  // Its flags are made for Lambda, whose sandbox wants one process; in one process, closing a browser context
  // (the tests open one per person) takes the whole browser down, so the tests let Chromium use its usual processes.
  const args = packaged.args.filter((flag) => flag !== "--single-process");
  return chromium.launch({ executablePath: await packagedChromium(), args });
}

/** The packaged Chromium's executable, extracted once per version into the cache (the package extracts into the temp dir it is given). */
async function packagedChromium(): Promise<string> {
  const { default: packaged } = await import("@sparticuz/chromium");
  const { version } = JSON.parse(readFileSync(join(root, "node_modules/@sparticuz/chromium/package.json"), "utf8")) as {
    version: string;
  };
  const dir = await cachedDir("chromium", version, async (into) => {
    const tmp = process.env.TMPDIR;
    process.env.TMPDIR = into;
    try {
      await packaged.executablePath();
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
    }
  });
  return join(dir, "chromium");
}

export interface Service {
  url: string;
  key: { publicKey: string; secretKey: string };
  call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    key?: { publicKey: string; secretKey: string },
  ): Promise<{ status: number; body: T }>;
  /** What the service logged so far (its mail, at SIGHTLINE_LOG_LEVEL=info: the local runtime logs what it would send). */
  output(): string;
  stop(): Promise<void>;
}

/** `npm start` on a scratch data directory with a known ADMIN key, and a JSON client of its API. */
export async function startService(name: string, env: Record<string, string> = {}): Promise<Service> {
  const key = { publicKey: `pk-sl-${name}`, secretKey: `sk-sl-${name}-secret` };
  const dataDir = mkdtempSync(join(tmpdir(), `sightline-${name}-`));
  await seedDataDir(dataDir, env);
  const server: Spawned = await spawnServer({
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_INIT_PUBLIC_KEY: key.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: key.secretKey,
    ...env,
  });
  return {
    url: server.url,
    key,
    output: server.output,
    async call<T>(method: string, path: string, body?: unknown, as = key) {
      const res = await fetch(server.url + path, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${as.publicKey}:${as.secretKey}`).toString("base64")}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
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

/**
 * The set-up of the console tests that act as one signed-in person: the built console on `npm start` with the key
 * sign-in on, `seed` applied through the API, and a page signed in with the service's key on the traces page.
 */
export async function signedInConsole(
  name: string,
  seed: (s: Service) => Promise<void>,
  options: { viewportHeight?: number; acceptDialogs?: boolean } = {},
): Promise<{ service: Service; browser: Browser; context: BrowserContext; page: Page }> {
  mkdirSync(SHOTS, { recursive: true });
  await ensureConsoleBuilt();
  const service = await startService(name, { SIGHTLINE_CONSOLE_KEY_SIGNIN: "true" });
  await seed(service);
  const browser = await launchChromium();
  const context = await browser.newContext({
    viewport: { width: 1440, height: options.viewportHeight ?? 900 },
    colorScheme: "light",
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  if (options.acceptDialogs) page.on("dialog", (d) => void d.accept());
  await page.goto(`${service.url}/sign-in`);
  await page.getByLabel("Public key").fill(service.key.publicKey);
  await page.getByLabel("Secret key").fill(service.key.secretKey);
  await page.getByRole("button", { name: "Sign in with key" }).click();
  await page.waitForURL(/\/traces$/);
  return { service, browser, context, page };
}
