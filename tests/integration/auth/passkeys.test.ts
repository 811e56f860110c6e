import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { Jar, PASSWORD, person, sessionCall, totpCode, uniqueEmail } from "../../support/sessions";
import { SoftwareAuthenticator } from "../../support/software-authenticator";

describe("passkeys", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    await person(app, uniqueEmail("first-owner"));
  });
  afterAll(() => app?.close());

  /** A signed-in person registers a software passkey; the jar keeps their session. */
  async function registered() {
    const someone = await person(app);
    const authenticator = new SoftwareAuthenticator(new URL(app.url).hostname, new URL(app.url).origin);
    const options = await sessionCall(app, someone.jar, "GET", "/v1/auth/passkey/generate-register-options");
    const verified = await sessionCall(app, someone.jar, "POST", "/v1/auth/passkey/verify-registration", {
      body: { response: authenticator.register(options.body), name: "laptop" },
    });
    return { someone, authenticator, options, verified };
  }

  async function signInWith(
    authenticator: SoftwareAuthenticator,
    how: { forge?: boolean; userVerified?: boolean } = {},
  ) {
    const jar = new Jar();
    const options = await sessionCall(app, jar, "GET", "/v1/auth/passkey/generate-authenticate-options");
    const answer = await sessionCall(app, jar, "POST", "/v1/auth/passkey/verify-authentication", {
      body: { response: authenticator.authenticate(options.body, how) },
    });
    return { jar, options, answer };
  }

  /** Turns TOTP on for the signed-in person; answers the `otpauth://` URI (its current code is spent). */
  async function enrollTotp(jar: Jar): Promise<string> {
    const enabled = await sessionCall(app, jar, "POST", "/v1/auth/two-factor/enable", { body: { password: PASSWORD } });
    const confirmed = await sessionCall(app, jar, "POST", "/v1/auth/two-factor/verify-totp", {
      body: { code: await totpCode(enabled.body.totpURI) },
    });
    if (confirmed.status !== 200)
      throw new Error(`TOTP enrolment failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
    return enabled.body.totpURI;
  }

  it("registers a passkey for a signed-in person, who signs out and back in with it", async () => {
    const { someone, authenticator, options, verified } = await registered();
    const listed = await sessionCall(app, someone.jar, "GET", "/v1/auth/passkey/list-user-passkeys");
    const out = await sessionCall(app, someone.jar, "POST", "/v1/auth/sign-out", { body: {} });
    const signedOut = await sessionCall(app, someone.jar, "GET", "/v1/me");

    const { jar, options: challenge, answer } = await signInWith(authenticator);
    const me = await sessionCall(app, jar, "GET", "/v1/me");

    expect(options.status).toBe(200);
    // The relying party is the service's own host (docs/auth.md, "Passkeys").
    expect(options.body.rp).toEqual({ name: "Sightline", id: new URL(app.url).hostname });
    expect(verified.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({ name: "laptop", credentialID: authenticator.id, counter: 1 }),
    ]);
    expect(out.status).toBe(200);
    expect(signedOut.status).toBe(401);
    expect(challenge.status).toBe(200);
    expect(answer.status).toBe(200);
    expect(answer.body.user.email).toBe(someone.email);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(someone.email);
    expect(me.body.organizations).toEqual([expect.objectContaining({ role: "OWNER" })]);
  });

  it("refuses a forged signature with 401 in the error body, and gives no session", async () => {
    const { authenticator, verified } = await registered();

    const { jar, answer } = await signInWith(authenticator, { forge: true });
    const me = await sessionCall(app, jar, "GET", "/v1/me");

    expect(verified.status).toBe(200);
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({ code: "unauthorized", message: "Authentication failed" });
    expect(me.status).toBe(401);
  });

  it("signs a person with TOTP on in with a user-verified passkey, without asking for the code", async () => {
    const { someone, authenticator } = await registered();
    await enrollTotp(someone.jar);

    const { jar, answer } = await signInWith(authenticator);
    const me = await sessionCall(app, jar, "GET", "/v1/me");

    // The one method exempt from two-factor: a passkey with user verification is two factors (docs/auth.md, "Passkeys").
    expect(answer.status).toBe(200);
    expect(answer.body.user.email).toBe(someone.email);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: someone.email, twoFactorEnabled: true });
  });

  it("asks a person with TOTP on for the code after a passkey assertion without user verification", async () => {
    const { someone, authenticator } = await registered();
    const uri = await enrollTotp(someone.jar);

    const { jar, answer } = await signInWith(authenticator, { userVerified: false });
    const before = await sessionCall(app, jar, "GET", "/v1/me");
    const passed = await sessionCall(app, jar, "POST", "/v1/auth/two-factor/verify-totp", {
      body: { code: await totpCode(uri, 1) },
    });
    const after = await sessionCall(app, jar, "GET", "/v1/me");

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(before.status).toBe(401);
    expect(passed.status).toBe(200);
    expect(after.status).toBe(200);
    expect(after.body.user.email).toBe(someone.email);
  });

  it("refuses an unknown passkey with 401, and a registration without a session", async () => {
    const stranger = new SoftwareAuthenticator(new URL(app.url).hostname, new URL(app.url).origin);

    const { answer } = await signInWith(stranger);
    const options = await sessionCall(app, new Jar(), "GET", "/v1/auth/passkey/generate-register-options");

    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe("unauthorized");
    expect(options.status).toBe(401);
  });

  it("refuses a registration signed for another origin", async () => {
    const someone = await person(app);
    const phishing = new SoftwareAuthenticator(new URL(app.url).hostname, "https://evil.example");
    const options = await sessionCall(app, someone.jar, "GET", "/v1/auth/passkey/generate-register-options");

    const verified = await sessionCall(app, someone.jar, "POST", "/v1/auth/passkey/verify-registration", {
      body: { response: phishing.register(options.body) },
    });

    expect(verified.status).toBe(400);
    expect(verified.body.error).toMatchObject({ code: "invalid_input", message: "Failed to verify registration" });
  });
});
