import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as Auth from "@core/auth";
import { generateRingKey, keyRingFromSpec } from "@core/platform/keyring";
import { authSsoProviders } from "@core/platform/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rotateStoredSecrets } from "../../../scripts/rotate-secrets";
import { startTestApp, type TestApp } from "../../support/local-app";
import { IDP_CERT } from "../../support/saml-idp";
import { person, sessionCall, uniqueEmail } from "../../support/sessions";

const unique = () => Math.random().toString(36).slice(2, 8);
const oidc = (domain: string, extra: Record<string, unknown> = {}) => ({
  type: "oidc",
  domain,
  issuer: "https://idp.example.com",
  clientId: "client",
  clientSecret: "s3cret-value-never-shown",
  ...extra,
});
const saml = (domain: string) => ({
  type: "saml",
  domain,
  entryPoint: "https://idp.example.com/sso",
  cert: IDP_CERT,
  entityId: "https://idp.example.com/entity",
});

describe("SSO providers API", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    await person(app, uniqueEmail("first-owner"));
  });
  afterAll(() => app?.close());

  it("registers an OIDC provider for the caller's organization and answers without the secret", async () => {
    const domain = `acme-${unique()}.example`;

    const res = await app.call("POST", "/v1/sso-providers", {
      body: { ...oidc(domain), organizationId: "someone-else" },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      type: "oidc",
      domain,
      defaultRole: "VIEWER",
      issuer: "https://idp.example.com",
      clientId: "client",
      hasClientSecret: true,
      redirectPath: `/v1/auth/sso/callback/${res.body.id}`,
      verified: false,
      verifiedAt: null,
      verificationRecord: {
        type: "TXT",
        name: `_sightline-challenge.${domain}`,
        value: expect.stringMatching(/^sightline-verification=/),
      },
      createdAt: expect.any(String),
    });
  });

  it("answers 409 for a domain the organization registered already, or a subdomain of it, verified or not", async () => {
    const domain = `taken-${unique()}.example`;
    await app.call("POST", "/v1/sso-providers", { body: oidc(domain) });

    const again = await app.call("POST", "/v1/sso-providers", { body: saml(domain.toUpperCase()) });
    const sub = await app.call("POST", "/v1/sso-providers", { body: oidc(`eng.${domain}`) });

    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "conflict",
      message: `${domain}: this organization has registered ${domain} already; verify or delete that provider first`,
    });
    expect(sub.status).toBe(409);
    expect(sub.body.error).toMatchObject({
      code: "conflict",
      message: `eng.${domain}: this organization has registered ${domain} already; verify or delete that provider first`,
    });
  });

  it("refuses a public suffix or a free-mail domain with 400", async () => {
    const gmail = await app.call("POST", "/v1/sso-providers", { body: oidc("gmail.com") });
    const coUk = await app.call("POST", "/v1/sso-providers", { body: saml("co.uk") });
    const com = await app.call("POST", "/v1/sso-providers", { body: oidc("com") });

    expect(gmail.status).toBe(400);
    expect(gmail.body.error).toMatchObject({
      code: "invalid_input",
      message:
        "gmail.com is a free email domain (gmail.com): its addresses belong to the provider's users, not to one organization",
    });
    expect(coUk.status).toBe(400);
    expect(coUk.body.error).toMatchObject({
      code: "invalid_input",
      message:
        "co.uk is a public suffix, under which anyone may register names: give a domain your organization owns, such as example.co.uk",
    });
    expect(com.status).toBe(400);
    expect(com.body.error.code).toBe("invalid_input");
  });

  it("refuses bad input with 400: a domain that is not one, a missing secret, a certificate that is not one", async () => {
    const badDomain = await app.call("POST", "/v1/sso-providers", { body: oidc("not a domain") });
    const noSecret = await app.call("POST", "/v1/sso-providers", {
      body: { ...oidc(`x-${unique()}.example`), clientSecret: undefined },
    });
    const badCert = await app.call("POST", "/v1/sso-providers", {
      body: { ...saml(`y-${unique()}.example`), cert: "not a certificate" },
    });
    const ownerRole = await app.call("POST", "/v1/sso-providers", {
      body: oidc(`z-${unique()}.example`, { defaultRole: "OWNER" }),
    });

    for (const res of [badDomain, noSecret, badCert, ownerRole]) expect(res.status).toBe(400);
    expect(badCert.body.error).toMatchObject({
      code: "invalid_input",
      message: "Invalid body.cert: expected the IdP's signing certificate (PEM)",
    });
  });

  it("lets only ADMINs manage providers: a MEMBER or VIEWER key gets 403", async () => {
    const existing = await app.call("POST", "/v1/sso-providers", { body: oidc(`roles-${unique()}.example`) });
    for (const role of ["MEMBER", "VIEWER"]) {
      const minted = await app.call("POST", "/v1/api-keys", { body: { role } });
      const key = { publicKey: minted.body.publicKey, secretKey: minted.body.secretKey };

      const create = await app.call("POST", "/v1/sso-providers", { key, body: oidc(`r-${unique()}.example`) });
      const list = await app.call("GET", "/v1/sso-providers", { key });
      const verify = await app.call("POST", `/v1/sso-providers/${existing.body.id}/verify`, { key });

      expect(create.status).toBe(403);
      expect(list.status).toBe(403);
      expect(verify.status).toBe(403);
    }
  });

  it("scopes list and delete to the caller's organization, and deletes", async () => {
    const mine = await app.call("POST", "/v1/sso-providers", { body: saml(`mine-${unique()}.example`) });
    const other = await person(app, uniqueEmail("other-owner"));
    const theirs = await sessionCall(app, other.jar, "POST", "/v1/sso-providers", {
      body: oidc(`theirs-${unique()}.example`),
      headers: { "x-csrf-token": other.csrf },
    });

    const myList = await app.call("GET", "/v1/sso-providers");
    const theirList = await sessionCall(app, other.jar, "GET", "/v1/sso-providers");
    const crossDelete = await app.call("DELETE", `/v1/sso-providers/${theirs.body.id}`);
    const deleted = await app.call("DELETE", `/v1/sso-providers/${mine.body.id}`);
    const afterDelete = await app.call("GET", "/v1/sso-providers");

    expect(theirs.status).toBe(201);
    expect(myList.body.data.map((p: { id: string }) => p.id)).toContain(mine.body.id);
    expect(myList.body.data.map((p: { id: string }) => p.id)).not.toContain(theirs.body.id);
    expect(theirList.body.data.map((p: { id: string }) => p.id)).toEqual([theirs.body.id]);
    expect(crossDelete.status).toBe(404);
    expect(crossDelete.body.error).toMatchObject({
      code: "not_found",
      message: `SSO provider '${theirs.body.id}' not found`,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: mine.body.id });
    expect(afterDelete.body.data.map((p: { id: string }) => p.id)).not.toContain(mine.body.id);
    expect(JSON.stringify([myList.body, theirList.body, theirs.body])).not.toContain("s3cret-value-never-shown");
  });

  it("keeps the plugin's own provider endpoints closed: providers are managed through /v1/sso-providers", async () => {
    const owner = await person(app, uniqueEmail("plugin-caller"));

    const register = await sessionCall(app, owner.jar, "POST", "/v1/auth/sso/register", {
      body: { providerId: "x", issuer: "https://idp.example.com", domain: `p-${unique()}.example` },
    });
    const list = await sessionCall(app, owner.jar, "GET", "/v1/auth/sso/providers");

    expect(register.status).toBe(404);
    expect(list.status).toBe(404);
  });

  it("lets the rotation command re-seal the client secret under the ring's new key", async () => {
    const made = await app.call("POST", "/v1/sso-providers", { body: oidc(`rotate-${unique()}.example`) });
    // The ring `npm start` made for this data dir, with a new key put first: the operator's rotation step.
    const ring = keyRingFromSpec(
      `next:${generateRingKey()},${readFileSync(join(app.dataDir, "keyring"), "utf8").trim()}`,
    );
    const stored = async () =>
      JSON.parse(
        (await app.deps.db.select().from(authSsoProviders).where(eq(authSsoProviders.id, made.body.id)))[0]!
          .oidcConfig!,
      ).clientSecret as string;
    const before = await stored();

    const reports = await rotateStoredSecrets({ db: app.deps.db, keyRing: ring }, [Auth.ssoClientSecrets]);
    const after = await stored();

    expect(before).toMatch(/^v1:k1:/);
    expect(reports[0]).toMatchObject({ table: "auth_sso_providers", unreadable: [] });
    expect(reports[0]!.rewritten).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^v1:next:/);
    expect(ring.decrypt(after)).toBe("s3cret-value-never-shown");
  });
});
