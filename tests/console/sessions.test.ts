import { createHash, randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "../support/sessions";
import { ensureConsoleBuilt, launchChromium, type Service, SHOTS, startService, until } from "./harness";

// The console's default sign-in, sessions, end to end on `npm start` (docs/console.md, "Sign-in").
const OWNER = { name: "Olivia Owner", email: "owner@example.com", password: "correct horse battery staple" };
const VIEWER = { name: "Vic Viewer", email: "viewer@example.com", password: "another horse battery staple" };

let service: Service;
let browser: Browser;
let page: Page;

const shot = (p: Page, name: string) => p.screenshot({ path: join(SHOTS, `${name}.png`) });

/** The link in the last mail to `to` whose subject starts with `subject`, from the service log (the local runtime logs its mail). */
function mailedLink(to: string, subject: string): string | null {
  const links = service
    .output()
    .split("\n")
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { to?: unknown; subject?: unknown; text?: unknown };
        return entry.to === to &&
          typeof entry.subject === "string" &&
          entry.subject.startsWith(subject) &&
          typeof entry.text === "string"
          ? [entry.text.match(/https?:\/\/\S+/)?.[0]]
          : [];
      } catch {
        return [];
      }
    });
  return links.filter((l): l is string => Boolean(l)).at(-1) ?? null;
}

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });
  const p = await context.newPage();
  p.setDefaultTimeout(15_000);
  return { context, page: p };
}

async function signUp(p: Page, who: typeof OWNER) {
  await p.goto(`${service.url}/traces`);
  await p.waitForURL(/\/sign-in\?next=%2Ftraces/);
  await p.getByRole("button", { name: /Create an account/ }).click();
  await p.getByLabel("Name").fill(who.name);
  await p.getByLabel("Email").fill(who.email);
  await p.getByLabel("Password").fill(who.password);
}

async function signIn(p: Page, email: string, password: string) {
  await p.getByLabel("Email").fill(email);
  await p.getByLabel("Password").fill(password);
  await p.getByRole("button", { name: "Sign in", exact: true }).click();
}

beforeAll(async () => {
  await ensureConsoleBuilt();
  // At info the local runtime logs the mail it would send: the verification link of a password sign-up.
  service = await startService("csession", { SIGHTLINE_SIGNIN_RATE_LIMIT: "off", SIGHTLINE_LOG_LEVEL: "info" });
  const at = (ms: number) => new Date(Date.parse("2026-11-20T10:00:00.000Z") + ms).toISOString();
  const batch = [
    {
      id: "e1",
      type: "trace-create",
      timestamp: at(0),
      body: { id: "t-one", name: "support-chat", userId: "ada", input: "Hi", output: "Hello" },
    },
    {
      id: "e2",
      type: "trace-create",
      timestamp: at(1000),
      body: { id: "t-two", name: "billing-chat", userId: "bob", input: "Refund?", output: "No." },
    },
  ];
  expect((await service.call("POST", "/v1/ingest", { batch })).status).toBe(207);
  expect(
    (
      await service.call("POST", "/v1/prompts", {
        name: "greeting",
        type: "TEXT",
        content: "Hello {{name}}",
        labels: ["production"],
      })
    ).status,
  ).toBe(201);
  expect(
    (await service.call("POST", "/v1/prompts", { name: "greeting", type: "TEXT", content: "Hi {{name}}!" })).status,
  ).toBe(201);
  await until(
    "both traces",
    () => service.call<{ data: unknown[] }>("GET", "/v1/traces"),
    (r) => r.body.data?.length === 2,
  );
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  ({ page } = await newPage());
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe("web console with sessions", () => {
  it("offers no key sign-in by default", async () => {
    expect(await (await fetch(`${service.url}/config.json`)).json()).toEqual({ apiUrl: "", keySignIn: false });
  });

  it("signs up the owner through the UI on first run and shows the default project's traces", async () => {
    await signUp(page, OWNER);
    await shot(page, "sign-up");
    await page.getByRole("button", { name: "Create account" }).click();
    // The address is not verified yet: the page says a link was mailed, and the owner goes on without it.
    await page.getByTestId("verify-sent").waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(/\/traces$/);
    await page.getByRole("link", { name: "support-chat" }).waitFor();
    expect(await page.getByTestId("traces-table").textContent()).toContain("billing-chat");
    expect(await page.getByTestId("signed-in-as").textContent()).toBe(OWNER.email);
    const me = await page.evaluate(`fetch("/v1/me", { credentials: "include" }).then((r) => r.json())`);
    expect((me as { organizations: { role: string }[] }).organizations.map((o) => o.role)).toEqual(["OWNER"]);
  });

  it("signs out, refuses a wrong password with the API's message at the form, signs in and returns to the page", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/sign-in/);
    await page.goto(`${service.url}/sessions`);
    await page.waitForURL(/\/sign-in\?next=%2Fsessions/);
    await signIn(page, OWNER.email, "wrong password!");
    await expect(page.getByRole("alert").textContent()).resolves.toContain("Invalid email or password");
    await shot(page, "sign-in-session");

    await signIn(page, OWNER.email, OWNER.password);
    await page.waitForURL(/\/sessions$/);
    await page.goto(`${service.url}/traces`);
    await page.getByRole("link", { name: "support-chat" }).waitFor();
  });

  it("lets an invited VIEWER sign up, confirm the address from the mail, and shows the API's refusal where they tried to write", async () => {
    expect((await service.call("PUT", "/v1/memberships", { email: VIEWER.email, role: "VIEWER" })).status).toBeLessThan(
      300,
    );
    const viewer = await newPage();
    try {
      await signUp(viewer.page, VIEWER);
      await viewer.page.getByRole("button", { name: "Create account" }).click();
      await expect(viewer.page.getByTestId("verify-sent").textContent()).resolves.toContain(VIEWER.email);
      // The invitation applies once the mailed link proves the address (docs/auth.md, "Invitations and proven addresses").
      const link = await until(
        "the verification mail",
        async () => mailedLink(VIEWER.email, "Confirm your email"),
        (v) => v !== null,
      );
      // The link opens the console signed in, on the page the sign-up started from.
      await viewer.page.goto(link!);
      await viewer.page.waitForURL(/\/traces$/);
      await viewer.page.getByRole("link", { name: "support-chat" }).waitFor();

      await viewer.page.goto(`${service.url}/prompts/greeting`);
      const v2 = viewer.page.getByTestId("version-2");
      await v2.getByRole("button", { name: "Promote to production" }).click();
      await expect(viewer.page.getByRole("alert").textContent()).resolves.toContain(
        "This endpoint needs the MEMBER role; the membership has VIEWER",
      );
      const resolved = await service.call<{ version: number }>("GET", "/v1/prompts/greeting?channel=production");
      expect(resolved.body.version).toBe(1);
    } finally {
      await viewer.context.close();
    }
  });

  it("turns TOTP on in Settings → Account, and then sign-in asks for the code", async () => {
    await page.goto(`${service.url}/settings/account`);
    await expect(page.getByTestId("two-factor-state").textContent()).resolves.toBe("off");
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Enable two-factor" }).click();
    const uri = (await page.getByTestId("totp-uri").textContent())!;
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    await page.getByTestId("totp-qr").waitFor();
    await shot(page, "account-two-factor");
    await page.getByLabel("Code from the app").fill(await totpCode(uri));
    await page.getByRole("button", { name: "Turn on" }).click();
    await until(
      "two-factor on",
      () => page.getByTestId("two-factor-state").textContent(),
      (t) => t === "on",
      10_000,
    );
    expect(await page.getByTestId("sessions-table").textContent()).toContain("this session");
    await shot(page, "account");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/sign-in/);
    await signIn(page, OWNER.email, OWNER.password);
    await page.getByLabel("Authentication code").waitFor();
    await shot(page, "sign-in-totp");
    // The code that turned it on cannot be used again; the next step's is accepted now (docs/auth.md, "Two-factor").
    await page.getByLabel("Authentication code").fill(await totpCode(uri, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(/\/traces$/);
    await page.getByRole("link", { name: "support-chat" }).waitFor();
  });
  it("asks the signed-in person to allow an MCP client on the consent page, then hands the client a code it can exchange", async () => {
    const redirect = "https://client.example/callback";
    const resource = `${service.url}/v1/mcp`;
    const registered = await fetch(`${service.url}/v1/auth/oauth2/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_name: "console-consent",
        redirect_uris: [redirect],
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code"],
        response_types: ["code"],
      }),
    });
    expect(registered.status).toBeLessThan(300);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const verifier = randomBytes(32).toString("base64url");
    const authorize = new URL(`${service.url}/v1/auth/oauth2/authorize`);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: clientId,
      redirect_uri: redirect,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      state: "s",
      scope: "openid",
      resource,
    }))
      authorize.searchParams.set(k, v);
    // The client's own address: answered here, so the browser lands somewhere with the code in its URL.
    await page.route("https://client.example/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/plain", body: "client" }),
    );

    await page.goto(authorize.toString());
    await page.waitForURL(/\/consent\?/);
    // The client as it registered itself, where the code goes, and what it may do (docs/mcp.md, "Consent").
    expect(await page.getByTestId("consent-client").textContent()).toBe("console-consent");
    expect(await page.getByTestId("consent-redirect-host").textContent()).toBe("client.example");
    expect(await page.getByTestId("consent-scopes").textContent()).toContain("Know who you are");
    await page.getByTestId("consent-project").waitFor();
    await shot(page, "consent");
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL(/^https:\/\/client\.example\/callback\?/);
    const code = new URL(page.url()).searchParams.get("code");
    expect(code).toBeTruthy();
    const token = await fetch(`${service.url}/v1/auth/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: code!,
        code_verifier: verifier,
        client_id: clientId,
        redirect_uri: redirect,
        resource,
      }).toString(),
    });
    expect(token.status).toBe(200);
    expect(await token.json()).toMatchObject({ access_token: expect.any(String) });
  });
});
