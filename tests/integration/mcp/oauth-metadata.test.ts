import { authJwks } from "@core/auth/oauth.sql";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { grant, mcpCall, registerClient } from "../../support/mcp-oauth";
import { person, uniqueEmail } from "../../support/sessions";

/*
 * The MCP resource server without better-auth (docs/mcp.md, "Checking tokens without the sign-in stack"): the
 * discovery documents are better-auth's own, and tokens are checked as its MCP plugin checks them.
 */
const PATHS = [
  "/.well-known/oauth-authorization-server/v1/auth",
  "/.well-known/oauth-authorization-server",
  "/.well-known/oauth-authorization-server/v1/auth/",
  "/.well-known/oauth-authorization-server/v1/mcp",
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-protected-resource/v1/mcp",
  "/.well-known/oauth-protected-resource/v1/auth",
];
const INVALID = "The bearer token is invalid, expired or not issued for this MCP server; authorize again";
const ENDED =
  "The grant behind this token has ended (signed out, session revoked, consent withdrawn or account banned); authorize again";
const DAY = 24 * 3600 * 1000;

describe("OAuth discovery and token checks without better-auth", () => {
  let app: TestApp;
  const keys: Record<string, Awaited<ReturnType<typeof generateKeyPair>>["privateKey"]> = {};
  let issued = "";

  beforeAll(async () => {
    app = await startTestApp();
    // A token better-auth issues, first: it then signs with a key of its own, the newest, not with ours.
    const owner = await person(app, uniqueEmail("owner"));
    const clientId = await registerClient(app, "metadata test");
    issued = (await grant(app, owner.jar, clientId, { scope: "sightline:read offline_access" })).access_token;
    // Keys of our own in better-auth's key table, before the first token check reads it: live, rotated out within
    // the jwt plugin's 30-day grace, and rotated out beyond it.
    const now = Date.now();
    for (const [kid, expiresAt] of [
      ["test-live", null],
      ["test-grace", new Date(now - 29 * DAY)],
      ["test-stale", new Date(now - 31 * DAY)],
    ] as const) {
      const pair = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
      keys[kid] = pair.privateKey;
      await app.deps.db.insert(authJwks).values({
        id: kid,
        publicKey: JSON.stringify(await exportJWK(pair.publicKey)),
        privateKey: "unused by this test",
        createdAt: new Date(now - 40 * DAY),
        expiresAt,
        alg: null,
        crv: null,
      });
    }
  });
  afterAll(() => app?.close());

  it("serves exactly better-auth's documents (less DPoP) at every path it answers, and 404 where it answers none", async () => {
    for (const path of PATHS) {
      const ours = await fetch(`${app.url}${path}`);
      const theirs = await app.deps.auth.handler(new Request(`${app.url}${path}`));
      expect(ours.status, path).toBe(theirs.ok ? 200 : 404);
      if (!theirs.ok) {
        expect(await ours.json()).toEqual({ error: { code: "not_found", message: `No OAuth metadata at ${path}` } });
        continue;
      }
      const expected = (await theirs.json()) as Record<string, unknown>;
      expect(expected).toHaveProperty("dpop_signing_alg_values_supported");
      delete expected.dpop_signing_alg_values_supported;
      // Same members in the same order: the bytes clients see are better-auth's.
      expect(await ours.text(), path).toBe(JSON.stringify(expected));
      expect(ours.headers.get("cache-control")).toBe(theirs.headers.get("cache-control"));
      expect(ours.headers.get("content-type")).toBe("application/json");
    }
  });

  // First, before a token naming an unknown key spends the refetch (at most one per 30 s, as better-auth).
  it("takes a token better-auth issued through the whole flow", async () => {
    const listed = await mcpCall(app, issued, "tools/list");
    expect(listed.status).toBe(200);
    expect(listed.body.result.tools.length).toBeGreaterThan(0);
  });

  const sign = (
    kid: string,
    claims: Record<string, unknown>,
    over: { iss?: string; aud?: string; exp?: number } = {},
  ) =>
    new SignJWT({ azp: "some-client", sid: "no-such-session", scope: "sightline:read", ...claims })
      .setProtectedHeader({ alg: "EdDSA", kid })
      .setSubject("no-such-user")
      .setIssuer(over.iss ?? `${app.url}/v1/auth`)
      .setAudience(over.aud ?? `${app.url}/v1/mcp`)
      .setIssuedAt()
      .setExpirationTime(over.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(keys[kid.startsWith("forged") ? "test-live" : kid]!);

  const refusal = async (token: string) => {
    const answer = await mcpCall(app, token, "ping");
    expect(answer.status).toBe(401);
    return answer.body.error.message as string;
  };

  it("takes a token signed by a stored key for the issuer and the resource (then asks whether its grant lives)", async () => {
    expect(await refusal(await sign("test-live", {}))).toBe(ENDED);
    expect(await refusal(await sign("test-grace", {}))).toBe(ENDED);
  });

  it("refuses a token of a key rotated out beyond the grace, expired, for another issuer or resource, or forged", async () => {
    const live = await sign("test-live", {});
    const [header, payload, signature] = live.split(".");
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), sub: "someone-else" }),
    ).toString("base64url");
    const cases = {
      stale: await sign("test-stale", {}),
      expired: await sign("test-live", {}, { exp: Math.floor(Date.now() / 1000) - 60 }),
      issuer: await sign("test-live", {}, { iss: "https://elsewhere.example/v1/auth" }),
      audience: await sign("test-live", {}, { aud: `${app.url}/v1/auth/oauth2/userinfo` }),
      unknownKey: await sign("forged-kid", {}),
      altered: `${header}.${altered}.${signature}`,
      noClient: await sign("test-live", { azp: undefined }),
    };
    for (const [name, token] of Object.entries(cases)) expect(await refusal(token), name).toBe(INVALID);
  });
});
