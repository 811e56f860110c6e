import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "../../support/dns-server";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type IdpPerson, type OidcIdp, startOidcIdp } from "../../support/oidc-idp";
import { Jar, person, sessionCall, uniqueEmail } from "../../support/sessions";
import { oidcSignIn, proveDomain } from "../../support/sso-flows";

const DOMAIN = `oidc-${Math.random().toString(36).slice(2, 8)}.example`;
const someone = (tag: string, domain = DOMAIN): IdpPerson => ({
  sub: `${tag}-${Math.random().toString(36).slice(2, 8)}`,
  email: `${tag}-${Math.random().toString(36).slice(2, 6)}@${domain}`,
});

describe("SSO with OIDC", () => {
  let idp: OidcIdp;
  let dns: TestDnsServer;
  let app: TestApp;
  let provider: any;

  beforeAll(async () => {
    idp = await startOidcIdp();
    dns = await startDnsServer();
    // The IdP is on loopback, so it must be a trusted origin (docs/auth.md, "SSO"); sign-up is closed: SSO still provisions.
    app = await startTestApp({
      SIGHTLINE_TRUSTED_ORIGINS: idp.issuer,
      SIGHTLINE_SIGNUP: "closed",
      SIGHTLINE_DNS_SERVERS: dns.address,
    });
    await person(app, uniqueEmail("first-owner"));
    const created = await app.call("POST", "/v1/sso-providers", {
      body: {
        type: "oidc",
        domain: DOMAIN,
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        defaultRole: "MEMBER",
      },
    });
    if (created.status !== 201) throw new Error(`register failed: ${created.status} ${JSON.stringify(created.body)}`);
    // The domain is proven before anyone signs in (docs/auth.md, "Proving the domain").
    provider = (await proveDomain(app, dns, created.body)).body;
    idp.allowRedirect(`${app.url}${provider.redirectPath}`);
  });
  afterAll(async () => {
    await app?.close();
    await idp?.close();
    await dns?.close();
  });

  it("signs a first-time person in through the IdP, as a member of the provider's organization with its default role", async () => {
    const alice = someone("alice");
    idp.signInAs(alice);
    const jar = new Jar();

    const { start, callback } = await oidcSignIn(app, jar, alice.email);
    const me = await sessionCall(app, jar, "GET", "/v1/me");
    const traces = await sessionCall(app, jar, "GET", "/v1/traces");

    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ redirect: true, url: expect.stringContaining(`${idp.issuer}/auth?`) });
    expect(callback!.status).toBe(302);
    expect(callback!.headers.get("location")).toBe("/");
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(alice.email);
    // The provider's organization vouches for its domain: the address counts as proven, so the invitation applies at once.
    expect(me.body.user.emailVerified).toBe(true);
    expect(me.body.organizations).toEqual([
      expect.objectContaining({ name: `org-${app.admin.publicKey.slice(-8)}`, role: "MEMBER" }),
    ]);
    expect(traces.status).toBe(200);
  });

  it("signs the same person in again to the same account", async () => {
    const bob = someone("bob");
    idp.signInAs(bob);
    await oidcSignIn(app, new Jar(), bob.email);
    const jar = new Jar();

    await oidcSignIn(app, jar, bob.email);
    const me = await sessionCall(app, jar, "GET", "/v1/me");
    const members = await app.call("GET", "/v1/memberships");

    expect(me.body.organizations).toEqual([expect.objectContaining({ role: "MEMBER" })]);
    expect(members.body.data.filter((m: { email: string }) => m.email === bob.email)).toHaveLength(1);
  });

  it("answers an email whose domain has no provider with 404 in our error body", async () => {
    const res = await sessionCall(app, new Jar(), "POST", "/v1/auth/sign-in/sso", {
      body: { email: "someone@unknown-domain.example", callbackURL: "/" },
    });

    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "not_found", message: "No SSO provider for unknown-domain.example" });
  });

  it("answers sign-in/sso without an email with 400, whatever else the body names", async () => {
    for (const body of [
      { callbackURL: "/" },
      { organizationSlug: "acme", callbackURL: "/" },
      { providerId: provider.id, callbackURL: "/" },
      { email: "not-an-email", callbackURL: "/" },
    ]) {
      const res = await sessionCall(app, new Jar(), "POST", "/v1/auth/sign-in/sso", { body });

      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: "invalid_input",
        message: "Give the email to sign in with: its domain picks the SSO provider",
      });
    }
  });

  it("refuses an IdP answer for an email outside the provider's domain: 403, no session, no membership", async () => {
    const mallory = someone("mallory", "elsewhere.example");
    idp.signInAs(mallory);
    const jar = new Jar();

    const { callback } = await oidcSignIn(app, jar, `mallory@${DOMAIN}`);
    const me = await sessionCall(app, jar, "GET", "/v1/me");
    const members = await app.call("GET", "/v1/memberships");

    expect(callback!.status).toBe(403);
    expect(callback!.body.error).toMatchObject({
      code: "forbidden",
      message: `The identity provider for ${DOMAIN} answered for ${mallory.email}, outside its domain`,
      details: { authCode: "sso_domain_mismatch" },
    });
    expect(me.status).toBe(401);
    expect(members.body.data.map((m: { email: string }) => m.email)).not.toContain(mallory.email);
  });

  it("does not take over an account made another way: 403 account_not_linked", async () => {
    const dora = someone("dora");
    await app.call("PUT", "/v1/memberships", { body: { email: dora.email, role: "MEMBER" } });
    await person(app, dora.email);
    idp.signInAs(dora);
    const jar = new Jar();

    const { callback } = await oidcSignIn(app, jar, dora.email);
    const me = await sessionCall(app, jar, "GET", "/v1/me");

    expect(callback!.status).toBe(403);
    expect(callback!.body.error).toMatchObject({
      code: "forbidden",
      message:
        "An account with this email exists and was not made through this SSO provider; sign in the way it was made",
      details: { authCode: "account_not_linked" },
    });
    expect(me.status).toBe(401);
  });

  it("keeps the redirect to the caller's errorCallbackURL for a browser", async () => {
    const mallory = someone("mallory2", "elsewhere.example");
    idp.signInAs(mallory);
    const jar = new Jar();
    const start = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/sso", {
      body: { email: `x@${DOMAIN}`, callbackURL: "/", errorCallbackURL: "/sign-in" },
    });
    const idpJar = new Jar();
    let url = new URL(start.body.url as string);
    while (url.origin !== app.url) {
      const res = await fetch(url, {
        headers: idpJar.cookies.size ? { cookie: idpJar.header() } : {},
        redirect: "manual",
      });
      idpJar.take(res.headers);
      url = new URL(res.headers.get("location")!, url);
    }

    const callback = await sessionCall(app, jar, "GET", `${url.pathname}${url.search}`);

    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get("location")!, app.url);
    expect(location.pathname).toBe("/sign-in");
    expect(location.searchParams.get("error")).toBe("sso_domain_mismatch");
  });

  it("never hands out the client secret, and keeps it sealed at rest", async () => {
    const list = await app.call("GET", "/v1/sso-providers");
    const [row] = await app.deps.db
      .execute<{ oidc_config: string }>(
        `select oidc_config from auth_sso_providers where id = '${provider.id}'` as never,
      )
      .then((r: any) => (r.rows ?? r) as { oidc_config: string }[]);

    expect(JSON.stringify(provider)).not.toContain(idp.clientSecret);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: provider.id,
        type: "oidc",
        domain: DOMAIN,
        issuer: idp.issuer,
        clientId: idp.clientId,
        hasClientSecret: true,
        defaultRole: "MEMBER",
        verified: true,
      }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(idp.clientSecret);
    expect(row!.oidc_config).not.toContain(idp.clientSecret);
    expect(JSON.parse(row!.oidc_config).clientSecret).toMatch(/^v1:/);
  });
});
