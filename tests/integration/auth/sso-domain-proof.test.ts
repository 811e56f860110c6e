import { authSsoProviders, authUsers } from "@core/platform/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "../../support/dns-server";
import { startTestApp, type TestApp } from "../../support/local-app";
import { type OidcIdp, startOidcIdp } from "../../support/oidc-idp";
import { Jar, person, sessionCall, uniqueEmail } from "../../support/sessions";
import { oidcSignIn, proveDomain } from "../../support/sso-flows";

const unique = () => Math.random().toString(36).slice(2, 8);

/**
 * SSO domains are proven by DNS before a provider signs anyone in (docs/auth.md, "Proving the domain"). Two
 * organizations: the installation's (the admin key) and an attacker who signed up and owns an organization.
 */
describe("SSO domain proof", () => {
  let dns: TestDnsServer;
  let idp: OidcIdp;
  let rogueIdp: OidcIdp;
  let app: TestApp;
  let attacker: Awaited<ReturnType<typeof person>>;

  const oidcBody = (domain: string, by: OidcIdp = idp) => ({
    type: "oidc",
    domain,
    issuer: by.issuer,
    clientId: by.clientId,
    clientSecret: by.clientSecret,
  });
  const asAttacker = (method: string, path: string, body?: unknown) =>
    sessionCall(app, attacker.jar, method, path, { body, headers: { "x-csrf-token": attacker.csrf } });
  const register = async (domain: string, by: OidcIdp = idp) => {
    const made = await app.call("POST", "/v1/sso-providers", { body: oidcBody(domain, by) });
    if (made.status !== 201) throw new Error(`register failed: ${made.status} ${JSON.stringify(made.body)}`);
    (by === idp ? idp : rogueIdp).allowRedirect(`${app.url}${made.body.redirectPath}`);
    return made.body;
  };

  beforeAll(async () => {
    dns = await startDnsServer();
    idp = await startOidcIdp();
    rogueIdp = await startOidcIdp();
    app = await startTestApp({
      SIGHTLINE_TRUSTED_ORIGINS: `${idp.issuer},${rogueIdp.issuer}`,
      SIGHTLINE_DNS_SERVERS: dns.address,
    });
    await person(app, uniqueEmail("first-owner"));
    attacker = await person(app, uniqueEmail("attacker"));
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([idp?.close(), rogueIdp?.close(), dns?.close()]);
  });

  it("refuses public suffixes and free-mail domains with 400, for anyone", async () => {
    const cases: [string, string][] = [
      [
        "gmail.com",
        "gmail.com is a free email domain (gmail.com): its addresses belong to the provider's users, not to one organization",
      ],
      [
        "outlook.com",
        "outlook.com is a free email domain (outlook.com): its addresses belong to the provider's users, not to one organization",
      ],
      [
        "proton.me",
        "proton.me is a free email domain (proton.me): its addresses belong to the provider's users, not to one organization",
      ],
      [
        "eu.yahoo.com",
        "eu.yahoo.com is a free email domain (yahoo.com): its addresses belong to the provider's users, not to one organization",
      ],
      [
        "co.uk",
        "co.uk is a public suffix, under which anyone may register names: give a domain your organization owns, such as example.co.uk",
      ],
      [
        "github.io",
        "github.io is a public suffix, under which anyone may register names: give a domain your organization owns, such as example.github.io",
      ],
    ];

    for (const [domain, message] of cases) {
      const res = await asAttacker("POST", "/v1/sso-providers", oidcBody(domain, rogueIdp));

      expect(res.status, domain).toBe(400);
      expect(res.body.error).toMatchObject({ code: "invalid_input", message, details: { domain } });
    }
    const tld = await asAttacker("POST", "/v1/sso-providers", oidcBody("com", rogueIdp));
    expect(tld.status).toBe(400);
    expect(tld.body.error.code).toBe("invalid_input");
  });

  it("registers a provider unverified, with the TXT record to publish", async () => {
    const domain = `fresh-${unique()}.example`;

    const made = await app.call("POST", "/v1/sso-providers", { body: oidcBody(domain) });
    const list = await app.call("GET", "/v1/sso-providers");

    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      domain,
      verified: false,
      verifiedAt: null,
      verificationRecord: {
        type: "TXT",
        name: `_sightline-challenge.${domain}`,
        value: expect.stringMatching(/^sightline-verification=[A-Za-z0-9_-]{32}$/),
      },
    });
    expect(list.body.data).toContainEqual(
      expect.objectContaining({ id: made.body.id, verified: false, verificationRecord: made.body.verificationRecord }),
    );
  });

  it("signs no one in through an unverified provider, even when its IdP answers", async () => {
    const domain = `early-${unique()}.example`;
    const provider = await register(domain);
    const alice = { sub: `alice-${unique()}`, email: `alice@${domain}` };
    idp.signInAs(alice);

    const byEmail = await sessionCall(app, new Jar(), "POST", "/v1/auth/sign-in/sso", {
      body: { email: alice.email, callbackURL: "/" },
    });
    const byId = await sessionCall(app, new Jar(), "POST", "/v1/auth/sign-in/sso", {
      body: { email: alice.email, providerId: provider.id, domain, callbackURL: "/" },
    });

    for (const res of [byEmail, byId]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: "not_found", message: `No SSO provider for ${domain}` });
    }
    const [user] = await app.deps.db.select().from(authUsers).where(eq(authUsers.email, alice.email));
    expect(user).toBeUndefined();
  });

  it("refuses the callback of a sign-in begun before the provider lost its proof (as at the migration)", async () => {
    const domain = `inflight-${unique()}.example`;
    const provider = await register(domain);
    await proveDomain(app, dns, provider);
    const bob = { sub: `bob-${unique()}`, email: `bob@${domain}` };
    idp.signInAs(bob);
    const jar = new Jar();
    const { callbackUrl } = await oidcSignIn(app, jar, bob.email, { follow: false });
    await app.deps.db
      .update(authSsoProviders)
      .set({ domainVerified: false })
      .where(eq(authSsoProviders.id, provider.id));

    const callback = await sessionCall(app, jar, "GET", callbackUrl!);
    const me = await sessionCall(app, jar, "GET", "/v1/me");

    // The plugin's state names the provider as it was, so a provider changed since is refused (ahead of its own
    // verified check, which refuses too).
    expect(callback.status).toBe(401);
    expect(callback.body.error).toMatchObject({
      code: "unauthorized",
      message: "sso_provider_changed_during_authentication",
      details: { authCode: "invalid_state" },
    });
    expect(me.status).toBe(401);
  });

  it("answers verify with 400 naming the record while it is missing or holds another value, and stays unverified", async () => {
    const domain = `unproven-${unique()}.example`;
    const provider = await register(domain);
    const { name, value } = provider.verificationRecord;

    const missing = await app.call("POST", `/v1/sso-providers/${provider.id}/verify`);
    dns.setTxt(name, ["sightline-verification=someone-elses-token", "v=spf1 -all"]);
    const wrong = await app.call("POST", `/v1/sso-providers/${provider.id}/verify`);
    const list = await app.call("GET", "/v1/sso-providers");

    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: "invalid_input",
      message: `The domain ${domain} is not verified: looked for a TXT record ${name} with the value ${value} and found none`,
      details: { record: { type: "TXT", name, value }, found: [] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: "invalid_input",
      message: `The domain ${domain} is not verified: looked for a TXT record ${name} with the value ${value} and found only "sightline-verification=someone-elses-token", "v=spf1 -all"`,
    });
    expect(list.body.data).toContainEqual(
      expect.objectContaining({ id: provider.id, verified: false, verifiedAt: null }),
    );
    expect(dns.asked.filter((n) => n === name)).toHaveLength(2);
  });

  it("answers 503 when DNS gives no answer, and stays unverified", async () => {
    const provider = await register(`broken-${unique()}.example`);
    dns.fail(provider.verificationRecord.name);

    const res = await app.call("POST", `/v1/sso-providers/${provider.id}/verify`);

    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({
      code: "unavailable",
      message: `DNS gave no answer for TXT ${provider.verificationRecord.name} (ESERVFAIL); try again later`,
    });
  });

  it("verifies with the right record, then signs a person in end to end, their email verified", async () => {
    const domain = `proven-${unique()}.example`;
    const provider = await register(domain);
    const carol = { sub: `carol-${unique()}`, email: `carol@${domain}` };
    idp.signInAs(carol);
    dns.setTxt(provider.verificationRecord.name, ["v=spf1 -all", provider.verificationRecord.value]);

    const verified = await app.call("POST", `/v1/sso-providers/${provider.id}/verify`);
    const again = await app.call("POST", `/v1/sso-providers/${provider.id}/verify`);
    const jar = new Jar();
    const { start, callback } = await oidcSignIn(app, jar, carol.email);
    const me = await sessionCall(app, jar, "GET", "/v1/me");
    const [user] = await app.deps.db.select().from(authUsers).where(eq(authUsers.email, carol.email));

    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ id: provider.id, verified: true, verifiedAt: expect.any(String) });
    expect(again.status).toBe(200);
    expect(again.body.verifiedAt).toBe(verified.body.verifiedAt);
    expect(start.status).toBe(200);
    expect(callback!.status).toBe(302);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(carol.email);
    expect(user!.emailVerified).toBe(true);
  });

  it("marks the email of a returning person verified at their next sign-in through a verified provider", async () => {
    const domain = `returning-${unique()}.example`;
    const provider = await register(domain);
    await proveDomain(app, dns, provider);
    const dan = { sub: `dan-${unique()}`, email: `dan@${domain}` };
    idp.signInAs(dan);
    await oidcSignIn(app, new Jar(), dan.email);
    // As an account made before domains were proven.
    await app.deps.db.update(authUsers).set({ emailVerified: false }).where(eq(authUsers.email, dan.email));

    const { callback } = await oidcSignIn(app, new Jar(), dan.email);
    const [user] = await app.deps.db.select().from(authUsers).where(eq(authUsers.email, dan.email));

    expect(callback!.status).toBe(302);
    expect(user!.emailVerified).toBe(true);
  });

  it("does not take over an account made another way, even with its email verified: 403 account_not_linked", async () => {
    const domain = `linked-${unique()}.example`;
    const provider = await register(domain);
    await proveDomain(app, dns, provider);
    const fay = await person(app, `fay-${unique()}@${domain}`);
    // A magic link proves the address: better-auth would link a verified account to a provider it trusts.
    await sessionCall(app, null, "POST", "/v1/auth/sign-in/magic-link", { body: { email: fay.email } });
    const link = new URL(
      app.mail
        .filter((m) => m.to === fay.email)
        .at(-1)!
        .text.match(/https?:\/\/\S+/)![0],
    );
    await sessionCall(app, new Jar(), "GET", `${link.pathname}${link.search}`);
    const [before] = await app.deps.db.select().from(authUsers).where(eq(authUsers.email, fay.email));
    idp.signInAs({ sub: `fay-${unique()}`, email: fay.email });
    const jar = new Jar();

    const { callback } = await oidcSignIn(app, jar, fay.email);
    const me = await sessionCall(app, jar, "GET", "/v1/me");

    expect(before!.emailVerified).toBe(true);
    expect(callback!.status).toBe(403);
    expect(callback!.body.error).toMatchObject({ code: "forbidden", details: { authCode: "account_not_linked" } });
    expect(me.status).toBe(401);
  });

  it("does not let an attacker's unverified registration block the real organization, and removes it at the proof", async () => {
    const domain = `acme-${unique()}.example`;
    const rogue = await asAttacker("POST", "/v1/sso-providers", oidcBody(domain, rogueIdp));
    rogueIdp.allowRedirect(`${app.url}${rogue.body.redirectPath}`);
    // The attacker can publish nothing at the real domain's DNS: their verify fails.
    const rogueVerify = await asAttacker("POST", `/v1/sso-providers/${rogue.body.id}/verify`);

    const real = await app.call("POST", "/v1/sso-providers", { body: oidcBody(domain) });
    idp.allowRedirect(`${app.url}${real.body.redirectPath}`);
    await proveDomain(app, dns, real.body);
    const rogueList = await asAttacker("GET", "/v1/sso-providers");
    const rogueVerifyAfter = await asAttacker("POST", `/v1/sso-providers/${rogue.body.id}/verify`);
    const rogueAgain = await asAttacker("POST", "/v1/sso-providers", oidcBody(domain, rogueIdp));
    const rogueSub = await asAttacker("POST", "/v1/sso-providers", oidcBody(`eng.${domain}`, rogueIdp));
    const victim = { sub: `erin-${unique()}`, email: `erin@${domain}` };
    idp.signInAs(victim);
    rogueIdp.signInAs(victim);
    const smuggled = await sessionCall(app, new Jar(), "POST", "/v1/auth/sign-in/sso", {
      body: { email: victim.email, providerId: rogue.body.id, callbackURL: "/" },
    });

    expect(rogue.status).toBe(201);
    expect(rogueVerify.status).toBe(400);
    expect(real.status).toBe(201);
    expect(rogueList.body.data.map((p: { id: string }) => p.id)).not.toContain(rogue.body.id);
    expect(rogueVerifyAfter.status).toBe(404);
    for (const res of [rogueAgain, rogueSub]) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("conflict");
    }
    expect(rogueAgain.body.error.message).toBe(`${domain} already signs in through the SSO provider for ${domain}`);
    // The email's domain picks the verified provider, whatever id the body names.
    expect(smuggled.status).toBe(200);
    expect(smuggled.body.url).toContain(`${idp.issuer}/auth?`);
    expect(smuggled.body.url).not.toContain(rogueIdp.issuer);
  });

  it("deletes another organization's unverified registration of a subdomain when the parent domain is verified, even one whose record is published", async () => {
    const domain = `race-${unique()}.example`;
    const rogue = await asAttacker("POST", "/v1/sso-providers", oidcBody(`eng.${domain}`, rogueIdp));
    // Published too: say the attacker controls eng.<domain>'s DNS but not <domain>'s.
    dns.setTxt(rogue.body.verificationRecord.name, [rogue.body.verificationRecord.value]);
    const real = await register(domain);
    // The real organization proves first: the attacker's registration is gone.
    await proveDomain(app, dns, real);

    const after = await asAttacker("POST", `/v1/sso-providers/${rogue.body.id}/verify`);
    const [row] = await app.deps.db.select().from(authSsoProviders).where(eq(authSsoProviders.id, rogue.body.id));

    expect(after.status).toBe(404);
    expect(row).toBeUndefined();
  });

  it("answers 404 for another organization's provider and 403 for a MEMBER or VIEWER key", async () => {
    const theirs = await asAttacker("POST", "/v1/sso-providers", oidcBody(`theirs-${unique()}.example`, rogueIdp));
    const mine = await register(`mine-${unique()}.example`);

    const cross = await app.call("POST", `/v1/sso-providers/${theirs.body.id}/verify`);
    const byRole: Record<string, number> = {};
    for (const role of ["MEMBER", "VIEWER"]) {
      const minted = await app.call("POST", "/v1/api-keys", { body: { role } });
      byRole[role] = (
        await app.call("POST", `/v1/sso-providers/${mine.id}/verify`, {
          key: { publicKey: minted.body.publicKey, secretKey: minted.body.secretKey },
        })
      ).status;
    }

    expect(cross.status).toBe(404);
    expect(cross.body.error).toMatchObject({
      code: "not_found",
      message: `SSO provider '${theirs.body.id}' not found`,
    });
    expect(byRole).toEqual({ MEMBER: 403, VIEWER: 403 });
  });
});
