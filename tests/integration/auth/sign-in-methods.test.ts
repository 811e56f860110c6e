import { authVerifications } from "@core/platform/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { Jar, PASSWORD, person, sessionCall, signIn, totpCode, uniqueEmail } from "../../support/sessions";

/** The link of the last email sent to `email`. */
function linkTo(app: TestApp, email: string): URL {
  const mail = app.mail.filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error(`no email to ${email}`);
  return new URL(mail.text.match(/https?:\/\/\S+/)![0]);
}

describe("magic link", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    await person(app, uniqueEmail("first-owner"));
  });
  afterAll(() => app?.close());

  it("mails a link that signs an existing person in, once", async () => {
    const someone = await person(app);
    const jar = new Jar();

    const sent = await sessionCall(app, jar, "POST", "/v1/auth/sign-in/magic-link", { body: { email: someone.email } });
    const link = linkTo(app, someone.email);
    const verified = await sessionCall(app, jar, "GET", `${link.pathname}${link.search}`);
    const me = await sessionCall(app, jar, "GET", "/v1/me");
    const again = await sessionCall(app, new Jar(), "GET", `${link.pathname}${link.search}`);

    expect(sent.status).toBe(200);
    expect(app.mail.at(-1)!.subject).toBe("Your Sightline sign-in link");
    // The link carries a callbackURL, so a browser lands on the console with its cookie.
    expect(verified.status).toBe(302);
    expect(me.body.user.email).toBe(someone.email);
    expect(again.status).toBe(401);
    expect(again.body.error).toMatchObject({
      code: "unauthorized",
      message: "The sign-in link is invalid, used or expired",
    });
  });

  it("signs a new person up through the link, with an organization of their own", async () => {
    const email = uniqueEmail("linked");
    const jar = new Jar();

    await sessionCall(app, jar, "POST", "/v1/auth/sign-in/magic-link", { body: { email } });
    const link = linkTo(app, email);
    await sessionCall(app, jar, "GET", `${link.pathname}${link.search}`);
    const me = await sessionCall(app, jar, "GET", "/v1/me");

    expect(me.status).toBe(200);
    expect(me.body.organizations).toEqual([
      expect.objectContaining({ role: "OWNER", projects: [expect.objectContaining({ name: "default" })] }),
    ]);
  });

  it("refuses an expired link with 401 in the error body", async () => {
    const someone = await person(app);
    await sessionCall(app, null, "POST", "/v1/auth/sign-in/magic-link", { body: { email: someone.email } });
    const link = linkTo(app, someone.email);
    // Age the stored token past its lifetime (it is stored under the token as identifier).
    const rows = await app.deps.db.select().from(authVerifications);
    for (const row of rows.filter((r) => r.value.includes(someone.email))) {
      await app.deps.db
        .update(authVerifications)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authVerifications.id, row.id));
    }

    const res = await sessionCall(app, new Jar(), "GET", `${link.pathname}${link.search}`);

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
  });
});

describe("TOTP two-factor", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("enables TOTP with a generated code, then asks for a code at sign-in and refuses a wrong or replayed one", async () => {
    const someone = await person(app);
    const enabled = await sessionCall(app, someone.jar, "POST", "/v1/auth/two-factor/enable", {
      body: { password: PASSWORD },
    });
    const uri: string = enabled.body.totpURI;
    const confirmed = await sessionCall(app, someone.jar, "POST", "/v1/auth/two-factor/verify-totp", {
      body: { code: await totpCode(uri) },
    });
    const me = await sessionCall(app, someone.jar, "GET", "/v1/me");

    const first = await signIn(app, someone.email);
    const pending = first.jar.clone();
    const noSessionYet = await sessionCall(app, first.jar, "GET", "/v1/me");
    const wrong = await sessionCall(app, first.jar, "POST", "/v1/auth/two-factor/verify-totp", {
      body: { code: await totpCode(uri, 5) },
    });
    // The next step's code: the current one was spent confirming, and a spent code never passes again.
    const code = await totpCode(uri, 1);
    const passed = await sessionCall(app, first.jar, "POST", "/v1/auth/two-factor/verify-totp", { body: { code } });
    const after = await sessionCall(app, first.jar, "GET", "/v1/me");
    const samePending = await sessionCall(app, pending, "POST", "/v1/auth/two-factor/verify-totp", { body: { code } });
    const second = await signIn(app, someone.email);
    const replayed = await sessionCall(app, second.jar, "POST", "/v1/auth/two-factor/verify-totp", { body: { code } });

    expect(enabled.status).toBe(200);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(confirmed.status).toBe(200);
    expect(me.body.user.twoFactorEnabled).toBe(true);
    expect(first.answer.status).toBe(200);
    expect(first.answer.body.twoFactorRedirect).toBe(true);
    expect(noSessionYet.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("unauthorized");
    expect(passed.status).toBe(200);
    expect(after.body.user.email).toBe(someone.email);
    expect(samePending.status).toBe(401);
    expect(second.answer.body.twoFactorRedirect).toBe(true);
    expect(replayed.status).toBe(401);
    expect(replayed.body.error).toEqual({
      code: "unauthorized",
      message: "This code was already used; wait for the next one",
      details: { authCode: "TOTP_CODE_REPLAYED" },
    });
  });
});

describe("sign-in rate limit", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ SIGHTLINE_SIGNIN_RATE_LIMIT: "3/60" });
  });
  afterAll(() => app?.close());

  it("answers 429 in the error body once an address used up its sign-in attempts", async () => {
    const email = uniqueEmail("limited");

    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await signIn(app, email, "wrong password!")).answer);

    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([401, 401, 401]);
    expect(answers[3]!.status).toBe(429);
    expect(answers[3]!.body.error.code).toBe("rate_limited");
    expect(Number(answers[3]!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
