import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeGitHub, FakeGoogle, socialSettings } from "../../support/fake-oauth-providers";
import { startTestApp, type TestApp } from "../../support/local-app";
import {
  type Answer,
  followVerification,
  Jar,
  PASSWORD,
  person,
  sessionCall,
  signUp,
  uniqueEmail,
} from "../../support/sessions";

// GitHub and Google sign-in through better-auth's generic OAuth providers, against protocol servers on loopback
// (docs/auth.md, "GitHub and Google").

type Fake = FakeGitHub | FakeGoogle;

/** What a browser does: ask to sign in, follow the redirect to the provider, come back to the callback with the code. */
async function socialSignIn(
  app: TestApp,
  provider: "github" | "google",
  fake: Fake,
  who: Fake["person"],
  jar = new Jar(),
): Promise<{ jar: Jar; start: Answer; callback: Answer }> {
  fake.person = who;
  const start = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/social", {
    body: { provider, callbackURL: "/traces" },
  });
  if (start.status !== 200) return { jar, start, callback: start };
  const atProvider = await fetch(start.body.url, { redirect: "manual" });
  const back = new URL(atProvider.headers.get("location")!);
  const callback = await sessionCall(app, jar, "GET", `${back.pathname}${back.search}`);
  return { jar, start, callback };
}

const someone = (email = uniqueEmail("social"), verified = true) => ({
  id: String(Math.floor(Math.random() * 1e9)),
  name: "Ada Lovelace",
  email,
  verified,
});

describe("GitHub and Google sign-in, configured", () => {
  const github = new FakeGitHub();
  const google = new FakeGoogle();
  let app: TestApp;

  beforeAll(async () => {
    await Promise.all([github.start(), google.start()]);
    app = await startTestApp(socialSettings(github, google));
    // The bootstrap organization's owner, so later sign-ups get organizations of their own.
    await person(app, uniqueEmail("owner"));
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([github.close(), google.close()]);
  });

  it("lists both providers among the sign-in methods, without a session", async () => {
    const methods = await sessionCall(app, null, "GET", "/v1/auth/methods");

    expect(methods.status).toBe(200);
    expect(methods.body).toEqual({
      emailAndPassword: true,
      magicLink: true,
      passkey: true,
      github: true,
      google: true,
    });
  });

  it("signs a new person in with GitHub: redirect to GitHub, back with a code, a session cookie, GET /v1/me", async () => {
    const who = someone();

    const { jar, start, callback } = await socialSignIn(app, "github", github, who);
    const me = await sessionCall(app, jar, "GET", "/v1/me");

    expect(start.status).toBe(200);
    const authorize = new URL(start.body.url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(authorize.searchParams.get("client_id")).toBe(github.clientId);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${app.url}/v1/auth/callback/github`);
    expect(authorize.searchParams.get("scope")).toBe("read:user user:email");
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/traces");
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: who.email, name: who.name });
    expect(me.body.organizations).toEqual([
      expect.objectContaining({ role: "OWNER", projects: [expect.objectContaining({ name: "default" })] }),
    ]);
    expect(github.tokenRequests.at(-1)).toMatchObject({
      client_id: github.clientId,
      client_secret: github.clientSecret,
      grant_type: "authorization_code",
    });
  });

  it("signs a new person in with Google, believing the id_token only after checking it against the issuer's keys", async () => {
    const who = someone();

    const { jar, start, callback } = await socialSignIn(app, "google", google, who);
    const me = await sessionCall(app, jar, "GET", "/v1/me");

    const authorize = new URL(start.body.url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(authorize.searchParams.get("scope")?.split(" ")).toEqual(
      expect.arrayContaining(["openid", "email", "profile"]),
    );
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    expect(callback.status).toBe(302);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: who.email, name: who.name });
  });

  it("finds the same person on the next sign-in with the same GitHub account", async () => {
    const who = someone();

    const first = await socialSignIn(app, "github", github, who);
    const again = await socialSignIn(app, "github", github, who);
    const [a, b] = await Promise.all([
      sessionCall(app, first.jar, "GET", "/v1/me"),
      sessionCall(app, again.jar, "GET", "/v1/me"),
    ]);

    expect(again.callback.status).toBe(302);
    expect(b.body.user.id).toBe(a.body.user.id);
  });

  it("joins an existing account whose email both sides verified (a magic-link account and GitHub's verified email)", async () => {
    const email = uniqueEmail("linked");
    await sessionCall(app, null, "POST", "/v1/auth/sign-in/magic-link", { body: { email } });
    const link = new URL(
      app.mail
        .filter((m) => m.to === email)
        .at(-1)!
        .text.match(/https?:\/\/\S+/)![0],
    );
    const byLink = new Jar();
    await sessionCall(app, byLink, "GET", `${link.pathname}${link.search}`);
    const before = await sessionCall(app, byLink, "GET", "/v1/me");

    const { jar, callback } = await socialSignIn(app, "github", github, someone(email, true));
    const after = await sessionCall(app, jar, "GET", "/v1/me");

    expect(callback.status).toBe(302);
    expect(after.body.user.id).toBe(before.body.user.id);
  });

  it("does not let an unverified provider email take over an existing account", async () => {
    const email = uniqueEmail("victim");
    await sessionCall(app, null, "POST", "/v1/auth/sign-in/magic-link", { body: { email } });
    const link = new URL(
      app.mail
        .filter((m) => m.to === email)
        .at(-1)!
        .text.match(/https?:\/\/\S+/)![0],
    );
    await sessionCall(app, new Jar(), "GET", `${link.pathname}${link.search}`);

    const byGitHub = await socialSignIn(app, "github", github, someone(email, false));
    const byGoogle = await socialSignIn(app, "google", google, someone(email, false));

    for (const { callback, jar } of [byGitHub, byGoogle]) {
      expect(callback.status).toBe(401);
      expect(callback.body.error).toEqual({
        code: "unauthorized",
        message:
          "An account with this email exists; sign in to it another way first (its email must be verified), then sign in with this provider",
        details: { authCode: "account_not_linked" },
      });
      expect((await sessionCall(app, jar, "GET", "/v1/me")).status).toBe(401);
    }
  });

  it("does not join a password account whose email was never verified, even for a verified provider email", async () => {
    const email = uniqueEmail("password");
    const { answer } = await signUp(app, email, PASSWORD);

    const { callback } = await socialSignIn(app, "google", google, someone(email, true));

    expect(answer.status).toBe(200);
    expect(callback.status).toBe(401);
    expect(callback.body.error.details).toEqual({ authCode: "account_not_linked" });
  });

  it("sends the person to the errorCallbackURL the sign-in named, instead of answering the error itself", async () => {
    const email = uniqueEmail("redirected");
    await signUp(app, email, PASSWORD);
    const jar = new Jar();
    google.person = someone(email, true);
    const start = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/social", {
      body: { provider: "google", callbackURL: "/traces", errorCallbackURL: "/sign-in" },
    });
    const back = new URL((await fetch(start.body.url, { redirect: "manual" })).headers.get("location")!);

    const callback = await sessionCall(app, jar, "GET", `${back.pathname}${back.search}`);

    expect(callback.status).toBe(302);
    const to = new URL(callback.headers.get("location")!, app.url);
    expect(to.pathname).toBe("/sign-in");
    expect(to.searchParams.get("error")).toBe("account_not_linked");
  });
});

describe("GitHub and Google sign-in, not configured", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("lists neither provider, and refuses their sign-in with 400 provider_off", async () => {
    const methods = await sessionCall(app, null, "GET", "/v1/auth/methods");
    const gh = await sessionCall(app, new Jar(), "POST", "/v1/auth/sign-in/social", {
      body: { provider: "github", callbackURL: "/traces" },
    });
    const go = await sessionCall(app, new Jar(), "POST", "/v1/auth/sign-in/social", {
      body: { provider: "google", callbackURL: "/traces" },
    });

    expect(methods.body).toMatchObject({ github: false, google: false });
    expect(gh.status).toBe(400);
    expect(gh.body).toEqual({
      error: { code: "provider_off", message: "GitHub sign-in is not configured on this server" },
    });
    expect(go.status).toBe(400);
    expect(go.body).toEqual({
      error: { code: "provider_off", message: "Google sign-in is not configured on this server" },
    });
  });
});

describe("GitHub and Google sign-in with SIGHTLINE_SIGNUP=closed", () => {
  const github = new FakeGitHub();
  const google = new FakeGoogle();
  let app: TestApp;

  beforeAll(async () => {
    await Promise.all([github.start(), google.start()]);
    app = await startTestApp({ ...socialSettings(github, google), SIGHTLINE_SIGNUP: "closed" });
    await person(app, uniqueEmail("first"));
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([github.close(), google.close()]);
  });

  it("refuses a stranger with 403 signup_closed, by GitHub and by Google", async () => {
    const byGitHub = await socialSignIn(app, "github", github, someone());
    const byGoogle = await socialSignIn(app, "google", google, someone());

    for (const { callback, jar } of [byGitHub, byGoogle]) {
      expect(callback.status).toBe(403);
      expect(callback.body.error).toEqual({
        code: "signup_closed",
        message: "Sign-up is closed; ask an administrator for an invitation",
        details: { authCode: "signup_closed" },
      });
      expect((await sessionCall(app, jar, "GET", "/v1/me")).status).toBe(401);
    }
  });

  it("admits an invited email, which finds its membership", async () => {
    const email = uniqueEmail("invited");
    const invitation = await app.call("PUT", "/v1/memberships", { body: { email, role: "MEMBER" } });

    const { jar, callback } = await socialSignIn(app, "google", google, someone(email));
    const me = await sessionCall(app, jar, "GET", "/v1/me");

    expect(invitation.status).toBe(200);
    expect(callback.status).toBe(302);
    expect(me.body.user.email).toBe(email);
    expect(me.body.organizations).toEqual([expect.objectContaining({ role: "MEMBER" })]);
  });

  it('holds the invitation of an email the provider did not verify until the mailed link proves it (docs/auth.md, "Invitations and proven addresses")', async () => {
    const email = uniqueEmail("unverified");
    await app.call("PUT", "/v1/memberships", { body: { email, role: "MEMBER" } });

    const { jar, callback } = await socialSignIn(app, "github", github, someone(email, false));
    const before = await sessionCall(app, jar, "GET", "/v1/me");
    const verified = await followVerification(app, email, jar);
    const after = await sessionCall(app, jar, "GET", "/v1/me");

    expect(callback.status).toBe(302);
    expect(before.body.user).toMatchObject({ email, emailVerified: false });
    expect(before.body.organizations).toEqual([]);
    expect(verified.status).toBe(302);
    expect(after.body.organizations).toEqual([expect.objectContaining({ role: "MEMBER" })]);
  });
});
