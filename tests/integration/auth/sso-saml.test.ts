import { generateKeyPairSync } from "node:crypto";
import { authUsers } from "@core/platform/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "../../support/dns-server";
import { startTestApp, type TestApp } from "../../support/local-app";
import { IDP_CERT, type SamlIdp, samlIdp } from "../../support/saml-idp";
import { Jar, person, sessionCall, uniqueEmail } from "../../support/sessions";
import { proveDomain } from "../../support/sso-flows";

const DOMAIN = `saml-${Math.random().toString(36).slice(2, 8)}.example`;
const emailAt = (tag: string, domain = DOMAIN) => `${tag}-${Math.random().toString(36).slice(2, 6)}@${domain}`;

/**
 * SP-initiated SAML as a browser does it: `sign-in/sso` gives the IdP's URL with the AuthnRequest, the IdP answers
 * with a signed response (NameID `assertedEmail`), and the browser posts it to the service's ACS.
 */
async function samlSignIn(
  app: TestApp,
  idp: SamlIdp,
  jar: Jar,
  email: string,
  assertedEmail = email,
  providerId?: string,
) {
  const start = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/sso", { body: { email, callbackURL: "/" } });
  if (start.status !== 200) throw new Error(`sign-in/sso: ${start.status} ${JSON.stringify(start.body)}`);
  const metadata = await fetch(`${app.url}/v1/auth/sso/saml2/sp/metadata?providerId=${providerId}`).then((r) =>
    r.text(),
  );
  const answer = await idp.answer(start.body.url, metadata, assertedEmail);
  const acs = new URL(answer.acs);
  const posted = await sessionCall(app, jar, "POST", `${acs.pathname}${acs.search}`, {
    body: new URLSearchParams({ SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState }).toString(),
    // An IdP's form post comes from the IdP's page: no Origin of ours.
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
  });
  return { start, answer, posted };
}

/** An IdP's form post of `SAMLResponse` to the ACS at `acs`: it comes from the IdP's page, with no Origin of ours. */
const postToAcs = (app: TestApp, jar: Jar, acs: string, fields: Record<string, string>) => {
  const url = new URL(acs);
  return sessionCall(app, jar, "POST", `${url.pathname}${url.search}`, {
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
  });
};

describe("SSO with SAML", () => {
  let app: TestApp;
  let dns: TestDnsServer;
  let idp: SamlIdp;
  let provider: any;

  beforeAll(async () => {
    dns = await startDnsServer();
    app = await startTestApp({ SIGHTLINE_SIGNUP: "closed", SIGHTLINE_DNS_SERVERS: dns.address });
    await person(app, uniqueEmail("first-owner"));
    idp = samlIdp();
    const created = await app.call("POST", "/v1/sso-providers", {
      body: { type: "saml", domain: DOMAIN, entryPoint: idp.entryPoint, cert: IDP_CERT, entityId: idp.entityId },
    });
    if (created.status !== 201) throw new Error(`register failed: ${created.status} ${JSON.stringify(created.body)}`);
    // The domain is proven before anyone signs in (docs/auth.md, "Proving the domain").
    provider = (await proveDomain(app, dns, created.body)).body;
  });
  afterAll(async () => {
    await app?.close();
    await dns?.close();
  });

  it("signs no one in through a provider whose domain is not verified: sign-in/sso is 404, the ACS refuses its IdP's signed response", async () => {
    const domain = `unverified-${Math.random().toString(36).slice(2, 8)}.example`;
    const rogue = samlIdp();
    const made = await app.call("POST", "/v1/sso-providers", {
      body: { type: "saml", domain, entryPoint: rogue.entryPoint, cert: IDP_CERT, entityId: rogue.entityId },
    });
    const email = emailAt("grace", domain);
    const metadata = await fetch(`${app.url}${made.body.metadataPath}`).then((r) => r.text());
    const answer = await rogue.unsolicited(metadata, email);
    const jar = new Jar();

    const start = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/sso", { body: { email, callbackURL: "/" } });
    const posted = await postToAcs(app, jar, answer.acs, { SAMLResponse: answer.SAMLResponse });
    const me = await sessionCall(app, jar, "GET", "/v1/me");
    const [user] = await app.deps.db.select().from(authUsers).where(eq(authUsers.email, email));

    expect(made.body.verified).toBe(false);
    expect(start.status).toBe(404);
    expect(start.body.error).toMatchObject({ code: "not_found", message: `No SSO provider for ${domain}` });
    expect(answer.acs).toBe(`${app.url}${made.body.acsPath}`);
    expect(posted.status).toBe(401);
    expect(posted.body.error).toMatchObject({ code: "unauthorized", message: "Provider domain has not been verified" });
    expect(posted.headers.getSetCookie()).toEqual([]);
    expect(me.status).toBe(401);
    expect(user).toBeUndefined();
  });

  it("signs a first-time person in from a signed response posted to the ACS, as VIEWER by default", async () => {
    const email = emailAt("carol");
    const jar = new Jar();

    const { start, answer, posted } = await samlSignIn(app, idp, jar, email, email, provider.id);
    const me = await sessionCall(app, jar, "GET", "/v1/me");
    const traces = await sessionCall(app, jar, "GET", "/v1/traces");

    expect(start.body).toMatchObject({
      redirect: true,
      url: expect.stringContaining(`${idp.entryPoint}?SAMLRequest=`),
    });
    expect(answer.acs).toBe(`${app.url}${provider.acsPath}`);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/");
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    expect(me.body.organizations).toEqual([
      expect.objectContaining({ name: `org-${app.admin.publicKey.slice(-8)}`, role: "VIEWER" }),
    ]);
    expect(traces.status).toBe(200);
    const [user] = await app.deps.db.select().from(authUsers).where(eq(authUsers.email, email));
    expect(user!.emailVerified).toBe(true);
  });

  it("refuses an assertion for an email outside the provider's domain: 403, no session, no membership", async () => {
    const outsider = emailAt("mallory", "elsewhere.example");
    const jar = new Jar();

    const { posted } = await samlSignIn(app, idp, jar, emailAt("mallory"), outsider, provider.id);
    const me = await sessionCall(app, jar, "GET", "/v1/me");
    const members = await app.call("GET", "/v1/memberships");

    expect(posted.status).toBe(403);
    expect(posted.body.error).toMatchObject({
      code: "forbidden",
      message: `The identity provider for ${DOMAIN} answered for ${outsider}, outside its domain`,
      details: { authCode: "sso_domain_mismatch" },
    });
    expect(me.status).toBe(401);
    expect(members.body.data.map((m: { email: string }) => m.email)).not.toContain(outsider);
  });

  it("refuses a response signed by another key", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const forger = samlIdp({
      entityId: idp.entityId,
      key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    });
    const jar = new Jar();

    const { posted } = await samlSignIn(app, forger, jar, emailAt("forged"), undefined, provider.id);
    const me = await sessionCall(app, jar, "GET", "/v1/me");

    expect(posted.status).toBe(401);
    expect(posted.body.error).toMatchObject({
      code: "unauthorized",
      message: "Invalid SAML response",
      details: { authCode: "saml_error" },
    });
    expect(me.status).toBe(401);
  });

  it("refuses a response posted a second time (replay)", async () => {
    const email = emailAt("replayed");
    const { answer, posted } = await samlSignIn(app, idp, new Jar(), email, email, provider.id);
    const thief = new Jar();
    const acs = new URL(answer.acs);

    const replayed = await sessionCall(app, thief, "POST", `${acs.pathname}${acs.search}`, {
      body: new URLSearchParams({ SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
    });
    const me = await sessionCall(app, thief, "GET", "/v1/me");

    expect(posted.status).toBe(302);
    // The relay state went with the first post, so the plugin no longer knows the caller's pages: it sends the
    // browser to the service's root with the error, and sets no cookie.
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get("location")).toBe(
      `${app.url}/?error=invalid_saml_response&error_description=Unknown+or+expired+request+ID`,
    );
    expect(replayed.headers.getSetCookie()).toEqual([]);
    expect(me.status).toBe(401);
  });

  it("lists the provider with the ACS and entity id its IdP needs", async () => {
    const list = await app.call("GET", "/v1/sso-providers");

    expect(list.body.data).toContainEqual(
      expect.objectContaining({
        id: provider.id,
        type: "saml",
        domain: DOMAIN,
        issuer: idp.entityId,
        entryPoint: idp.entryPoint,
        defaultRole: "VIEWER",
        acsPath: `/v1/auth/sso/saml2/sp/acs/${provider.id}`,
        spEntityId: `urn:sightline:sso:${provider.id}`,
        metadataPath: `/v1/auth/sso/saml2/sp/metadata?providerId=${provider.id}`,
        verified: true,
      }),
    );
  });
});

describe("SSO before the installation has an owner", () => {
  let app: TestApp;
  let dns: TestDnsServer;

  beforeAll(async () => {
    dns = await startDnsServer();
    app = await startTestApp({ SIGHTLINE_DNS_SERVERS: dns.address });
  });
  afterAll(async () => {
    await app?.close();
    await dns?.close();
  });

  it("does not let an IdP's person become the first owner: 403 until someone signs up with email", async () => {
    const idp = samlIdp();
    const created = await app.call("POST", "/v1/sso-providers", {
      body: { type: "saml", domain: DOMAIN, entryPoint: idp.entryPoint, cert: IDP_CERT, entityId: idp.entityId },
    });
    await proveDomain(app, dns, created.body);
    const jar = new Jar();

    const { posted } = await samlSignIn(app, idp, jar, emailAt("early"), undefined, created.body.id);
    const me = await sessionCall(app, jar, "GET", "/v1/me");

    expect(posted.status).toBe(403);
    expect(posted.body.error).toMatchObject({
      code: "forbidden",
      message:
        "This installation has no owner yet: its first person signs up with email and password before anyone signs in with SSO",
      details: { authCode: "sso_awaits_owner" },
    });
    expect(me.status).toBe(401);
  });
});
