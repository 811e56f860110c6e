import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { person, provenPerson, sessionCall } from "../../support/sessions";

// docs/auth.md, "Cookie cache, bans and revocation": the memo keeps the cookies better-auth signed, and only those.
describe("session memo over better-auth's real cache cookie", () => {
  let app: TestApp;
  const memo = () => app.deps.caches.of("auth-session-cookies");

  beforeAll(async () => {
    app = await startTestApp({ SIGHTLINE_SESSION_CACHE_SECONDS: "300" });
  });
  afterAll(() => app?.close());

  it("keeps a cookie better-auth answered from its signed cache", async () => {
    // A proven address: an unproven one's cookies are kept only on a store this process owns (docs/auth.md, "Invitations and proven addresses").
    const someone = await provenPerson(app);

    const first = await sessionCall(app, someone.jar, "GET", "/v1/me");
    const second = await sessionCall(app, someone.jar, "GET", "/v1/me");

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(memo().has(someone.jar.header())).toBe(true);
  });

  it("keeps nothing for a header that adds an unsigned cache cookie with a later expiry", async () => {
    const someone = await person(app);
    const decoy = Buffer.from(
      JSON.stringify({ session: { session: { id: "x" } }, expiresAt: Date.now() + 86_400_000, signature: "sig" }),
    ).toString("base64url");
    const header = `${someone.jar.header()}; better-auth.session_data=${decoy}`;

    const answer = await sessionCall(app, null, "GET", "/v1/me", { headers: { cookie: header } });

    expect(answer.status).toBe(200);
    expect(memo().has(header)).toBe(false);
  });
});
