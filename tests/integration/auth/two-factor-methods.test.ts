import { authSessions } from "@core/platform/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "../../support/dns-server";
import { FakeGitHub, FakeGoogle, socialSettings } from "../../support/fake-oauth-providers";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type OidcIdp, startOidcIdp } from "../../support/oidc-idp";
import { IDP_CERT, type SamlIdp, samlIdp } from "../../support/saml-idp";
import {
  type Answer,
  followVerification,
  Jar,
  PASSWORD,
  person,
  sessionCall,
  signIn,
  signUp,
  totpCode,
  uniqueEmail,
} from "../../support/sessions";
import { proveDomain } from "../../support/sso-flows";

// Two-factor holds for every way into a session, not only the password (docs/auth.md, "Two-factor"): an enrolled
// person who signs in by magic link, GitHub, Google or SSO gets the two-factor step, and the code makes the session.

const OIDC_DOMAIN = `oidc-${Math.random().toString(36).slice(2, 8)}.example`;
const SAML_DOMAIN = `saml-${Math.random().toString(36).slice(2, 8)}.example`;
const tag = () => Math.random().toString(36).slice(2, 8);

/** better-auth's cookie names end in these (its `better-auth.` prefix, `__Secure-` on https). */
const hasCookie = (jar: Jar, name: string) => [...jar.cookies.keys()].some((n) => n.endsWith(`.${name}`));
/** `Set-Cookie` lines of an answer that give a session token (not the ones expiring it): none may reach the wire before the code. */
const sessionTokensSet = (answer: Answer) => answer.headers.getSetCookie().filter((c) => /session_token=[^;]/.test(c));

describe("two-factor on every sign-in method", () => {
  const github = new FakeGitHub();
  const google = new FakeGoogle();
  const saml: SamlIdp = samlIdp();
  let oidc: OidcIdp;
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof person>>;
  let samlProviderId: string;
  let dns: TestDnsServer;

  beforeAll(async () => {
    await Promise.all([github.start(), google.start()]);
    oidc = await startOidcIdp();
    dns = await startDnsServer();
    app = await startTestApp({
      ...socialSettings(github, google),
      // The OIDC IdP is on loopback, so it must be a trusted origin (docs/auth.md, "SSO").
      SIGHTLINE_TRUSTED_ORIGINS: oidc.issuer,
      SIGHTLINE_DNS_SERVERS: dns.address,
    });
    // The first person owns the bootstrap organization and is the instance administrator (sets passwords below).
    owner = await person(app, uniqueEmail("owner"));
    const byOidc = await app.call("POST", "/v1/sso-providers", {
      body: {
        type: "oidc",
        domain: OIDC_DOMAIN,
        issuer: oidc.issuer,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
      },
    });
    const bySaml = await app.call("POST", "/v1/sso-providers", {
      body: { type: "saml", domain: SAML_DOMAIN, entryPoint: saml.entryPoint, cert: IDP_CERT, entityId: saml.entityId },
    });
    if (byOidc.status !== 201 || bySaml.status !== 201)
      throw new Error(`SSO registration failed: ${JSON.stringify([byOidc.body, bySaml.body])}`);
    // Providers sign people in only once their domain is proven (docs/auth.md, "Proving the domain").
    await proveDomain(app, dns, byOidc.body);
    await proveDomain(app, dns, bySaml.body);
    oidc.allowRedirect(`${app.url}${byOidc.body.redirectPath}`);
    samlProviderId = bySaml.body.id;
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([github.close(), google.close(), oidc?.close(), dns?.close()]);
  });

  /**
   * Turns TOTP on for the person signed in with `jar`. Enrolling takes a password; a person made by GitHub, Google
   * or SSO has none, so the instance administrator gives them one first (better-auth's `admin/set-user-password`).
   */
  async function enroll(jar: Jar, options: { givePassword: boolean }): Promise<{ uri: string; backupCodes: string[] }> {
    const me = await sessionCall(app, jar, "GET", "/v1/me");
    if (options.givePassword) {
      const set = await sessionCall(app, owner.jar, "POST", "/v1/auth/admin/set-user-password", {
        body: { userId: me.body.user.id, newPassword: PASSWORD },
      });
      if (set.status !== 200) throw new Error(`set-user-password: ${set.status} ${JSON.stringify(set.body)}`);
    }
    const enabled = await sessionCall(app, jar, "POST", "/v1/auth/two-factor/enable", { body: { password: PASSWORD } });
    const uri: string = enabled.body.totpURI;
    const confirmed = await sessionCall(app, jar, "POST", "/v1/auth/two-factor/verify-totp", {
      body: { code: await totpCode(uri) },
    });
    const on = await sessionCall(app, jar, "GET", "/v1/me");
    if (confirmed.status !== 200 || on.body.user.twoFactorEnabled !== true)
      throw new Error(`enrolment failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
    return { uri, backupCodes: enabled.body.backupCodes };
  }

  /** A browser's magic-link sign-in: ask for the link, open it (its callbackURL is `/traces`). */
  async function magicLinkSignIn(email: string, jar = new Jar()): Promise<{ jar: Jar; back: Answer; link: URL }> {
    const sent = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/magic-link", {
      body: { email, callbackURL: "/traces" },
    });
    if (sent.status !== 200) throw new Error(`sign-in/magic-link: ${sent.status} ${JSON.stringify(sent.body)}`);
    const link = new URL(
      app.mail
        .filter((m) => m.to === email)
        .at(-1)!
        .text.match(/https?:\/\/\S+/)![0],
    );
    const back = await sessionCall(app, jar, "GET", `${link.pathname}${link.search}`);
    return { jar, back, link };
  }

  /** A browser's GitHub or Google sign-in: to the provider, back to the callback with the code (callbackURL `/traces`). */
  async function socialSignIn(
    provider: "github" | "google",
    who: { id: string; name: string; email: string; verified: boolean },
    jar = new Jar(),
  ): Promise<{ jar: Jar; back: Answer }> {
    const fake = provider === "github" ? github : google;
    fake.person = who;
    const start = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/social", {
      body: { provider, callbackURL: "/traces" },
    });
    if (start.status !== 200) throw new Error(`sign-in/social: ${start.status} ${JSON.stringify(start.body)}`);
    const atProvider = await fetch(start.body.url, { redirect: "manual" });
    const to = new URL(atProvider.headers.get("location")!);
    const back = await sessionCall(app, jar, "GET", `${to.pathname}${to.search}`);
    return { jar, back };
  }

  /** A browser's SSO sign-in through the OIDC IdP: its redirects are followed until it sends the browser back (callbackURL `/`). */
  async function oidcSignIn(email: string, jar = new Jar()): Promise<{ jar: Jar; back: Answer }> {
    oidc.signInAs({ sub: email, email });
    const start = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/sso", { body: { email, callbackURL: "/" } });
    if (start.status !== 200) throw new Error(`sign-in/sso: ${start.status} ${JSON.stringify(start.body)}`);
    const idpJar = new Jar();
    let url = new URL(start.body.url as string);
    while (url.origin !== app.url) {
      const res = await fetch(url, {
        headers: idpJar.cookies.size ? { cookie: idpJar.header() } : {},
        redirect: "manual",
      });
      idpJar.take(res.headers);
      await res.text();
      url = new URL(res.headers.get("location")!, url);
    }
    const back = await sessionCall(app, jar, "GET", `${url.pathname}${url.search}`);
    return { jar, back };
  }

  /** A browser's SAML sign-in: the IdP's signed answer to the AuthnRequest, posted to the ACS (callbackURL `/`). */
  async function samlSignIn(email: string, jar = new Jar()): Promise<{ jar: Jar; back: Answer }> {
    const start = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/sso", { body: { email, callbackURL: "/" } });
    if (start.status !== 200) throw new Error(`sign-in/sso: ${start.status} ${JSON.stringify(start.body)}`);
    const metadata = await fetch(`${app.url}/v1/auth/sso/saml2/sp/metadata?providerId=${samlProviderId}`).then((r) =>
      r.text(),
    );
    const answer = await saml.answer(start.body.url, metadata, email);
    const acs = new URL(answer.acs);
    const back = await sessionCall(app, jar, "POST", `${acs.pathname}${acs.search}`, {
      body: new URLSearchParams({ SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
    });
    return { jar, back };
  }

  /** The redirect of a sign-in that needs the code: the console's sign-in page in its two-factor step, with where to go after. */
  function expectTwoFactorStep(back: Answer, callbackURL: string): void {
    expect(back.status).toBe(302);
    const to = new URL(back.headers.get("location")!, "http://not-absolute.invalid");
    expect(`${to.origin}${to.pathname}`).toBe(`${app.url}/sign-in`);
    expect(to.searchParams.get("twoFactor")).toBe("1");
    expect(sessionTokensSet(back)).toEqual([]);
    expect(new URL(to.searchParams.get("callbackURL")!, app.url).toString()).toBe(`${app.url}${callbackURL}`);
  }

  /** No session yet, only the two-factor cookie; a wrong code is 401; the next code makes the session. */
  async function expectCodeFinishes(jar: Jar, uri: string, email: string): Promise<void> {
    const before = await sessionCall(app, jar, "GET", "/v1/me");
    const pendingCookies = { twoFactor: hasCookie(jar, "two_factor"), session: hasCookie(jar, "session_token") };
    const wrong = await sessionCall(app, jar, "POST", "/v1/auth/two-factor/verify-totp", {
      body: { code: await totpCode(uri, 5) },
    });
    const stillNone = await sessionCall(app, jar, "GET", "/v1/me");
    // The next step's code: the current one was spent turning TOTP on, and a spent code never passes again.
    const passed = await sessionCall(app, jar, "POST", "/v1/auth/two-factor/verify-totp", {
      body: { code: await totpCode(uri, 1) },
    });
    const after = await sessionCall(app, jar, "GET", "/v1/me");

    expect(before.status).toBe(401);
    expect(pendingCookies).toEqual({ twoFactor: true, session: false });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({
      code: "unauthorized",
      message: "Invalid code",
      details: { authCode: "INVALID_CODE" },
    });
    expect(stillNone.status).toBe(401);
    expect(passed.status).toBe(200);
    expect(after.status).toBe(200);
    expect(after.body.user).toMatchObject({ email, twoFactorEnabled: true });
  }

  it("asks an enrolled person for the code after a magic link, and the code makes the session", async () => {
    const email = uniqueEmail("link");
    const { jar } = await signUp(app, email);
    // The address is proven first: a magic link to an unproven account takes it from its maker, two-factor included (docs/auth.md, "Invitations and proven addresses").
    await followVerification(app, email, jar);
    const { uri } = await enroll(jar, { givePassword: false });

    const { jar: browser, back } = await magicLinkSignIn(email);

    expectTwoFactorStep(back, "/traces");
    await expectCodeFinishes(browser, uri, email);
  });

  it("answers {twoFactorRedirect: true} and no token to a magic link opened without a callbackURL (API use)", async () => {
    const email = uniqueEmail("link-api");
    const { jar } = await signUp(app, email);
    // The address is proven first: a magic link to an unproven account takes it from its maker, two-factor included (docs/auth.md, "Invitations and proven addresses").
    await followVerification(app, email, jar);
    await enroll(jar, { givePassword: false });
    await sessionCall(app, null, "POST", "/v1/auth/sign-in/magic-link", { body: { email } });
    const link = new URL(
      app.mail
        .filter((m) => m.to === email)
        .at(-1)!
        .text.match(/https?:\/\/\S+/)![0],
    );
    const browser = new Jar();

    const answer = await sessionCall(app, browser, "GET", `${link.pathname}?token=${link.searchParams.get("token")}`);
    const me = await sessionCall(app, browser, "GET", "/v1/me");

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(sessionTokensSet(answer)).toEqual([]);
    expect(hasCookie(browser, "two_factor")).toBe(true);
    expect(me.status).toBe(401);
  });

  it("lets a backup code finish a magic-link sign-in, as after a password", async () => {
    const email = uniqueEmail("backup");
    const { jar } = await signUp(app, email);
    // The address is proven first: a magic link to an unproven account takes it from its maker, two-factor included (docs/auth.md, "Invitations and proven addresses").
    await followVerification(app, email, jar);
    const { backupCodes } = await enroll(jar, { givePassword: false });
    const { jar: browser } = await magicLinkSignIn(email);
    const before = await sessionCall(app, browser, "GET", "/v1/me");

    const passed = await sessionCall(app, browser, "POST", "/v1/auth/two-factor/verify-backup-code", {
      body: { code: backupCodes[0] },
    });
    const me = await sessionCall(app, browser, "GET", "/v1/me");

    expect(before.status).toBe(401);
    expect(passed.status).toBe(200);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
  });

  it.each([
    ["GitHub", "github", "Grace Hopper"],
    ["Google", "google", "Ada Lovelace"],
  ] as const)("asks an enrolled person for the code after %s", async (_, provider, name) => {
    const who = { id: String(Math.floor(Math.random() * 1e9)), name, email: uniqueEmail(provider), verified: true };
    const { jar } = await socialSignIn(provider, who);
    const { uri } = await enroll(jar, { givePassword: true });

    const { jar: browser, back } = await socialSignIn(provider, who);

    expectTwoFactorStep(back, "/traces");
    await expectCodeFinishes(browser, uri, who.email);
  });

  it("answers {twoFactorRedirect: true} and no token to a Google id_token sign-in (no redirect)", async () => {
    const who = {
      id: String(Math.floor(Math.random() * 1e9)),
      name: "Katherine Johnson",
      email: uniqueEmail("idtoken"),
      verified: true,
    };
    const { jar } = await socialSignIn("google", who);
    const { uri } = await enroll(jar, { givePassword: true });
    // An id_token Google issued to our client, as Google's own sign-in button hands it to a page.
    const authorized = await fetch(
      `${google.url}/o/oauth2/v2/auth?client_id=${google.clientId}&redirect_uri=${encodeURIComponent(`${app.url}/cb`)}&response_type=code`,
      { redirect: "manual" },
    );
    const code = new URL(authorized.headers.get("location")!).searchParams.get("code")!;
    const tokens = await fetch(`${google.url}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: `${app.url}/cb`,
        client_id: google.clientId,
        client_secret: google.clientSecret,
      }),
    }).then((r) => r.json() as Promise<{ id_token: string }>);
    const browser = new Jar();

    const answer = await sessionCall(app, browser, "POST", "/v1/auth/sign-in/social", {
      body: { provider: "google", idToken: { token: tokens.id_token } },
    });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(sessionTokensSet(answer)).toEqual([]);
    await expectCodeFinishes(browser, uri, who.email);
  });

  it("asks an enrolled person for the code after SSO with OIDC", async () => {
    const email = `oidc-${tag()}@${OIDC_DOMAIN}`;
    const { jar } = await oidcSignIn(email);
    const { uri } = await enroll(jar, { givePassword: true });

    const { jar: browser, back } = await oidcSignIn(email);

    expectTwoFactorStep(back, "/");
    await expectCodeFinishes(browser, uri, email);
  });

  it("asks an enrolled person for the code after SSO with SAML", async () => {
    const email = `saml-${tag()}@${SAML_DOMAIN}`;
    const { jar } = await samlSignIn(email);
    const { uri } = await enroll(jar, { givePassword: true });

    const { jar: browser, back } = await samlSignIn(email);

    expectTwoFactorStep(back, "/");
    await expectCodeFinishes(browser, uri, email);
  });

  it("signs a person without TOTP in by every method as before: straight to the callbackURL with a session", async () => {
    const byLink = uniqueEmail("plain-link");
    await signUp(app, byLink);
    const byGitHub = {
      id: String(Math.floor(Math.random() * 1e9)),
      name: "Plain GitHub",
      email: uniqueEmail("plain-gh"),
      verified: true,
    };
    const byGoogle = {
      id: String(Math.floor(Math.random() * 1e9)),
      name: "Plain Google",
      email: uniqueEmail("plain-go"),
      verified: true,
    };
    const byOidc = `plain-${tag()}@${OIDC_DOMAIN}`;
    const bySaml = `plain-${tag()}@${SAML_DOMAIN}`;

    const signedIn = [
      { ...(await magicLinkSignIn(byLink)), email: byLink, callbackURL: `${app.url}/traces` },
      { ...(await socialSignIn("github", byGitHub)), email: byGitHub.email, callbackURL: "/traces" },
      { ...(await socialSignIn("google", byGoogle)), email: byGoogle.email, callbackURL: "/traces" },
      { ...(await oidcSignIn(byOidc)), email: byOidc, callbackURL: "/" },
      { ...(await samlSignIn(bySaml)), email: bySaml, callbackURL: "/" },
    ];

    for (const { jar, back, email, callbackURL } of signedIn) {
      const me = await sessionCall(app, jar, "GET", "/v1/me");
      expect(back.status).toBe(302);
      expect(back.headers.get("location")).toBe(callbackURL);
      expect(hasCookie(jar, "two_factor")).toBe(false);
      expect(me.status).toBe(200);
      expect(me.body.user).toMatchObject({ email, twoFactorEnabled: false });
    }
  });

  it("skips the code on a device the person trusted at an earlier code step, as the password sign-in does", async () => {
    const email = uniqueEmail("trusted");
    const { jar } = await signUp(app, email);
    // The address is proven first: a magic link to an unproven account takes it from its maker, two-factor included (docs/auth.md, "Invitations and proven addresses").
    await followVerification(app, email, jar);
    const { uri } = await enroll(jar, { givePassword: false });
    const first = await signIn(app, email);
    const trusted = await sessionCall(app, first.jar, "POST", "/v1/auth/two-factor/verify-totp", {
      body: { code: await totpCode(uri, 1), trustDevice: true },
    });
    const device = new Jar();
    for (const [name, value] of first.jar.cookies) if (name.endsWith(".trust_device")) device.cookies.set(name, value);

    const { back } = await magicLinkSignIn(email, device);
    const me = await sessionCall(app, device, "GET", "/v1/me");
    const { back: elsewhere } = await magicLinkSignIn(email);

    expect(trusted.status).toBe(200);
    expect(device.cookies.size).toBeGreaterThan(0);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe(`${app.url}/traces`);
    expect(me.status).toBe(200);
    expect(elsewhere.headers.get("location")).toContain("twoFactor=1");
  });

  it("keeps a signed-in enrolled person signed in when better-auth re-issues their own session", async () => {
    const email = uniqueEmail("holder");
    const { jar } = await signUp(app, email);
    await enroll(jar, { givePassword: false });

    const renamed = await sessionCall(app, jar, "POST", "/v1/auth/update-user", { body: { name: "Renamed" } });
    const changed = await sessionCall(app, jar, "POST", "/v1/auth/change-password", {
      body: { currentPassword: PASSWORD, newPassword: `${PASSWORD}!`, revokeOtherSessions: true },
    });
    const me = await sessionCall(app, jar, "GET", "/v1/me");

    expect(renamed.status).toBe(200);
    expect(changed.status).toBe(200);
    expect(hasCookie(jar, "two_factor")).toBe(false);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, name: "Renamed" });
  });

  it("keeps an enrolled person signed in when a request extends their session (after a day of use)", async () => {
    const email = uniqueEmail("extended");
    const { jar } = await signUp(app, email);
    await enroll(jar, { givePassword: false });
    const userId = (await sessionCall(app, jar, "GET", "/v1/me")).body.user.id;
    // Sessions last 7 days and are extended once a day of them passed; the cookie cache would skip the read that extends.
    const inFiveDays = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await app.deps.db.update(authSessions).set({ expiresAt: inFiveDays }).where(eq(authSessions.userId, userId));
    for (const name of [...jar.cookies.keys()]) if (name.endsWith(".session_data")) jar.cookies.delete(name);

    const extended = await sessionCall(app, jar, "GET", "/v1/me");
    const [row] = await app.deps.db.select().from(authSessions).where(eq(authSessions.userId, userId));
    const again = await sessionCall(app, jar, "GET", "/v1/me");

    expect(extended.status).toBe(200);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(inFiveDays.getTime());
    expect(hasCookie(jar, "two_factor")).toBe(false);
    expect(again.status).toBe(200);
  });

  it("lets the instance administrator impersonate an enrolled person without the person's code", async () => {
    const email = uniqueEmail("impersonated");
    const { jar } = await signUp(app, email);
    await enroll(jar, { givePassword: false });
    const userId = (await sessionCall(app, jar, "GET", "/v1/me")).body.user.id;
    const admin = (await signIn(app, owner.email)).jar;

    const impersonated = await sessionCall(app, admin, "POST", "/v1/auth/admin/impersonate-user", { body: { userId } });
    const me = await sessionCall(app, admin, "GET", "/v1/me");

    expect(impersonated.status).toBe(200);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
  });
});
