import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { followVerification, Jar, person, sessionCall, signUp, uniqueEmail } from "../../support/sessions";

describe("SIGHTLINE_SIGNUP=closed", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ SIGHTLINE_SIGNUP: "closed" });
  });
  afterAll(() => app?.close());

  it("still admits the first person, as OWNER of the bootstrap organization", async () => {
    const first = await person(app, uniqueEmail("first"));

    expect(first.me.organizations).toEqual([expect.objectContaining({ role: "OWNER" })]);
  });

  it("refuses an uninvited email with 403 signup_closed, by password and by magic link", async () => {
    const email = uniqueEmail("stranger");

    const byPassword = await signUp(app, email);
    await sessionCall(app, null, "POST", "/v1/auth/sign-in/magic-link", { body: { email } });
    const link = new URL(
      app.mail
        .filter((m) => m.to === email)
        .at(-1)!
        .text.match(/https?:\/\/\S+/)![0],
    );
    const byLink = await sessionCall(app, new Jar(), "GET", `${link.pathname}${link.search}`);

    for (const res of [byPassword.answer, byLink]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({
        code: "signup_closed",
        message: "Sign-up is closed; ask an administrator for an invitation",
      });
    }
  });

  it('admits an invited email by password without its membership, which comes with the mailed link (docs/auth.md, "Invitations and proven addresses")', async () => {
    const email = uniqueEmail("invited");
    const invitation = await app.call("PUT", "/v1/memberships", { body: { email, role: "MEMBER" } });

    const invited = await person(app, email);
    const pending = await app.call("GET", "/v1/memberships");
    await followVerification(app, email, invited.jar);
    const me = await sessionCall(app, invited.jar, "GET", "/v1/me");
    const list = await app.call("GET", "/v1/memberships");

    expect(invitation.status).toBe(200);
    expect(invitation.body).toMatchObject({ email, role: "MEMBER", status: "invited" });
    expect(invited.me.organizations).toEqual([]);
    expect(pending.body.data.filter((m: any) => m.email === email)).toEqual([
      { email, role: "MEMBER", createdAt: invitation.body.createdAt, status: "invited" },
    ]);
    expect(me.body.organizations).toEqual([expect.objectContaining({ role: "MEMBER" })]);
    expect(list.body.data.filter((m: any) => m.email === email)).toEqual([
      { email, role: "MEMBER", createdAt: expect.any(String), status: "active" },
    ]);
  });
});
