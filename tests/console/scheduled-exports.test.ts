import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBucket, FAKE_CREDENTIALS, type Fauxqs, startEmulator } from "../support/fauxqs";
import { startTestApp, type TestApp } from "../support/local-app";
import { ensureConsoleBuilt, launchChromium, SHOTS, until } from "./harness";

// The scheduled exports page (docs/export.md, "Console"), driven in Chromium. The service runs in this process
// (not `npm start`) so the test can run the `exports` schedule now, against the S3 emulator, instead of waiting
// five minutes for its timer: the page then shows a real run's mark, time and error.

/** A secret unlike anything else on the page shows whether it leaks. */
const SECRET = "bucket-secret-7c1d";
const CONFIGS = "/v1/export-configs";

interface Config {
  id: string;
  name: string;
  prefix: string;
  accessKeyId: string | null;
  hasCredentials: boolean;
  tables: string[];
  frequency: string;
  enabled: boolean;
  lastExportedAt: string;
  lastRunAt: string | null;
  lastError: string | null;
}

let app: TestApp;
let emulator: Fauxqs;
let browser: Browser;
let page: Page;
let bucket: string;

const configs = async () => ((await app.call("GET", CONFIGS)).body as { data: Config[] }).data;
const named = async (name: string) => (await configs()).find((c) => c.name === name);
/** datetime-local's value for `d` in this machine's zone, which the browser on it shares. */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  await ensureConsoleBuilt();
  [app, emulator] = await Promise.all([startTestApp({ SIGHTLINE_CONSOLE_KEY_SIGNIN: "true" }), startEmulator()]);
  bucket = await createBucket(emulator, `console-${randomUUID().slice(0, 8)}`);
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on("dialog", (d) => void d.accept());
  await page.goto(`${app.url}/sign-in`);
  await page.getByLabel("Public key").fill(app.admin.publicKey);
  await page.getByLabel("Secret key").fill(app.admin.secretKey);
  await page.getByRole("button", { name: "Sign in with key" }).click();
  await page.waitForURL(/\/traces$/);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await emulator?.stop();
});

describe("scheduled exports in the console", () => {
  it("creates an export with write-only keys, and shows each export's mark, last run and last error after a run", async () => {
    await page.goto(`${app.url}/settings/exports`);
    await page.getByText("No scheduled exports.").waitFor();

    await page.getByRole("button", { name: "New export" }).click();
    const form = page.getByTestId("export-form");
    await form.getByRole("textbox", { name: /^Name/ }).fill("lake");
    await form.getByRole("textbox", { name: /^Bucket/ }).fill(bucket);
    await form.getByLabel("Prefix").fill("sightline/prod");
    await form.getByLabel("Endpoint (optional)").fill(emulator.endpoint);
    await form.getByLabel("scores").uncheck();
    await form.getByLabel("Start from (optional)").fill(localInput(new Date(Date.now() - 3 * 3_600_000)));
    await form.getByText("Bucket's own keys").click();
    await form.getByLabel("Access key id").fill(FAKE_CREDENTIALS.accessKeyId);
    await form.getByLabel("Secret access key").fill(SECRET);
    await form.getByRole("button", { name: "Create export" }).click();
    const lake = page.getByTestId("export-lake");
    await lake.getByText(`s3://${bucket}/sightline/prod at ${emulator.endpoint} (us-east-1)`).waitFor();

    const created = (await named("lake"))!;
    expect(created).toMatchObject({
      prefix: "sightline/prod",
      accessKeyId: FAKE_CREDENTIALS.accessKeyId,
      hasCredentials: true,
      tables: ["traces", "observations"],
      frequency: "hourly",
      enabled: true,
      lastRunAt: null,
      lastError: null,
    });
    expect(JSON.stringify(await configs())).not.toContain(SECRET);
    expect(await page.content()).not.toContain(SECRET);
    await expect(lake.getByTestId("last-run").textContent()).resolves.toBe("never");
    await expect(lake.getByText(`bucket keys ${FAKE_CREDENTIALS.accessKeyId}`).count()).resolves.toBe(1);
    const markBefore = await lake.getByTestId("last-exported").textContent();

    // A second export whose endpoint refuses connections: its run fails and records why.
    const broken = await app.call("POST", CONFIGS, {
      body: {
        name: "broken",
        bucket,
        endpoint: "http://127.0.0.1:9",
        credentials: { accessKeyId: "k", secretAccessKey: "s" },
        tables: ["scores"],
        frequency: "hourly",
        startFrom: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      },
    });
    expect(broken.status).toBe(201);
    await app.trigger("exports");
    await page.reload();

    const ran = (await named("lake"))!;
    const failed = (await named("broken"))!;
    expect(ran.lastRunAt).not.toBeNull();
    expect(ran.lastError).toBeNull();
    expect(Date.parse(ran.lastExportedAt)).toBeGreaterThan(Date.parse(created.lastExportedAt));
    expect(failed.lastError).toMatch(
      /^Writing s3:\/\/\S+ at http:\/\/127\.0\.0\.1:9 failed: fetch failed \(bad port\)$/,
    );
    await lake.getByText("ok", { exact: true }).waitFor();
    expect(await lake.getByTestId("last-exported").textContent()).not.toBe(markBefore);
    expect(await lake.getByTestId("last-run").textContent()).not.toBe("never");
    expect(await page.getByTestId("export-broken").getByTestId("last-error").textContent()).toBe(failed.lastError);
    await page.screenshot({ path: join(SHOTS, "scheduled-exports.png") });
  });

  it("edits an export keeping its stored keys, disables it, moves it to the service credentials and deletes one", async () => {
    await page.goto(`${app.url}/settings/exports`);
    const lake = page.getByTestId("export-lake");
    await lake.getByRole("button", { name: "Edit" }).click();
    const form = page.getByTestId("export-form");
    await form.getByText("Keys are stored (encrypted, never shown): leave empty to keep them").waitFor();
    expect(await form.getByLabel("Secret access key").inputValue()).toBe("");
    await form.getByLabel("Prefix").fill("sightline/eu");
    await form.getByRole("button", { name: "Save export" }).click();
    await lake.getByText(`s3://${bucket}/sightline/eu at ${emulator.endpoint} (us-east-1)`).waitFor();
    expect(await named("lake")).toMatchObject({
      prefix: "sightline/eu",
      hasCredentials: true,
      accessKeyId: FAKE_CREDENTIALS.accessKeyId,
    });

    await lake.getByRole("switch", { name: "Enable lake" }).click({ force: true });
    await until(
      "the export disabled",
      () => named("lake"),
      (c) => c?.enabled === false,
    );
    expect(await named("lake")).toMatchObject({ prefix: "sightline/eu", hasCredentials: true });

    await page.getByTestId("export-lake").getByRole("button", { name: "Edit" }).click();
    await page.getByTestId("export-form").getByText("Service credentials").click();
    await page.getByTestId("export-form").getByRole("button", { name: "Save export" }).click();
    await page.getByTestId("export-lake").getByText("service credentials").waitFor();
    expect(await named("lake")).toMatchObject({ hasCredentials: false, accessKeyId: null, enabled: false });

    await page.getByTestId("export-broken").getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("export-broken").waitFor({ state: "detached" });
    expect((await configs()).map((c) => c.name)).toEqual(["lake"]);
  });
});
