import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeGitHub } from "../support/fake-oauth-providers";
import { ensureConsoleBuilt, launchChromium, type Service, startService } from "./harness";

// "Continue with GitHub" in the browser, against a GitHub on loopback (docs/auth.md, "GitHub and Google").
const github = new FakeGitHub();
let service: Service;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await ensureConsoleBuilt();
  await github.start();
  service = await startService("csocial", {
    SIGHTLINE_SIGNIN_RATE_LIMIT: "off",
    SIGHTLINE_GITHUB_CLIENT_ID: github.clientId,
    SIGHTLINE_GITHUB_CLIENT_SECRET: github.clientSecret,
    SIGHTLINE_GITHUB_URL: github.url,
    SIGHTLINE_GITHUB_API_URL: github.url,
  });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await github.close();
});

describe("console sign-in with GitHub", () => {
  it("shows only the configured provider, and signs the person in through it, back on the page they asked for", async () => {
    github.person = { id: "4242", name: "Grace Hopper", email: "grace@example.com", verified: true };

    await page.goto(`${service.url}/traces`);
    await page.waitForURL(/\/sign-in\?next=%2Ftraces/);
    await page.getByRole("button", { name: "Continue with GitHub" }).waitFor();
    expect(await page.getByRole("button", { name: "Continue with Google" }).count()).toBe(0);
    await page.getByRole("button", { name: "Continue with GitHub" }).click();
    await page.waitForURL(/\/traces$/);
    await page.getByTestId("signed-in-as").filter({ hasText: "grace@example.com" }).waitFor();

    expect(await page.getByTestId("signed-in-as").textContent()).toBe("grace@example.com");
  });
});
