import { authTwoFactors, authUsers } from "@core/platform/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import {
  followVerification,
  Jar,
  magicLinkSignIn,
  mailedLink,
  PASSWORD,
  person,
  sessionCall,
  signIn,
  signUp,
  totpCode,
  uniqueEmail,
} from "../../support/sessions";
import { SoftwareAuthenticator } from "../../support/software-authenticator";

// docs/auth.md, "Invitations and proven addresses": an invitation names an email and attaches only to whoever proves it.
describe.each([{ signup: "open" }, { signup: "closed" }])("invitations with SIGHTLINE_SIGNUP=$signup", ({ signup }) => {
  let app: TestApp;
  let orgId: string;
  let owner: Awaited<ReturnType<typeof person>>;

  beforeAll(async () => {
    app = await startTestApp({ SIGHTLINE_SIGNUP: signup });
    owner = await person(app, uniqueEmail("owner"));
    orgId = owner.me.organizations[0].id;
  });
  afterAll(() => app?.close());

  const invite = (email: string, role = "ADMIN") => app.call("PUT", "/v1/memberships", { body: { email, role } });
  const me = async (jar: Jar) => (await sessionCall(app, jar, "GET", "/v1/me")).body;
  const listed = async (email: string) =>
    (await app.call("GET", "/v1/memberships")).body.data.filter((m: { email: string }) => m.email === email);

  it("gives a password sign-up of an invited email no membership until the mailed link proves the address", async () => {
    const email = uniqueEmail("invited");
    const invitation = await invite(email);

    const { jar, answer } = await signUp(app, email);
    const before = await me(jar);
    const pending = await listed(email);
    const mail = app.mail.filter((m) => m.to === email);
    const verified = await followVerification(app, email, jar);
    const after = await me(jar);

    expect(invitation.status).toBe(200);
    expect(invitation.body).toEqual({ email, role: "ADMIN", createdAt: expect.any(String), status: "invited" });
    expect(answer.status).toBe(200);
    expect(before.user).toMatchObject({ email, emailVerified: false });
    // Not in the inviting organization, and no organization of their own: the invitation is what they came for.
    expect(before.organizations).toEqual([]);
    expect(pending).toEqual([{ email, role: "ADMIN", createdAt: invitation.body.createdAt, status: "invited" }]);
    expect(mail.map((m) => m.subject)).toEqual(["Confirm your email for Sightline"]);
    expect(mail[0]!.text).toContain("If it was not you, ignore this mail");
    expect(verified.status).toBe(302);
    expect(after.user.emailVerified).toBe(true);
    expect(after.organizations).toEqual([expect.objectContaining({ id: orgId, role: "ADMIN" })]);
    expect(await listed(email)).toEqual([{ email, role: "ADMIN", createdAt: expect.any(String), status: "active" }]);
  });

  it("confirms nothing when the link is opened in a browser without the account's session: whoever clicks is not its maker", async () => {
    const email = uniqueEmail("clicked-elsewhere");
    await invite(email, "MEMBER");
    const maker = await signUp(app, email);

    const elsewhere = new Jar();
    const answer = await followVerification(app, email, elsewhere);
    const link = mailedLink(app, email, /^Confirm your email/);
    const api = await sessionCall(app, null, "GET", `${link.pathname}?token=${link.searchParams.get("token")}`);
    const makerView = await me(maker.jar);

    expect(answer.status).toBe(302);
    expect(new URL(answer.headers.get("location")!, app.url).pathname).toBe("/sign-in");
    expect(new URL(answer.headers.get("location")!, app.url).searchParams.get("error")).toBe(
      "verification_needs_session",
    );
    expect(elsewhere.cookies.size).toBe(0);
    expect(api.status).toBe(403);
    expect(api.body.error).toMatchObject({
      code: "forbidden",
      message:
        "Open the confirmation link in the browser signed in to the account it confirms, or sign in with a magic link",
    });
    expect(makerView.user.emailVerified).toBe(false);
    expect(makerView.organizations).toEqual([]);
    expect(await listed(email)).toEqual([expect.objectContaining({ status: "invited" })]);
  });

  it("signs an invited email up by magic link straight into the organization, with none of its own", async () => {
    const email = uniqueEmail("linked");
    await invite(email, "VIEWER");

    const { jar, answer } = await magicLinkSignIn(app, email);
    const after = await me(jar);

    expect(answer.status).toBe(302);
    expect(after.user).toMatchObject({ email, emailVerified: true });
    expect(after.organizations).toEqual([expect.objectContaining({ id: orgId, role: "VIEWER" })]);
    expect(await listed(email)).toEqual([expect.objectContaining({ status: "active", role: "VIEWER" })]);
  });

  it("takes an unproven account from whoever made it when the real person proves the address by magic link", async () => {
    const email = uniqueEmail("bob");
    // Open: the attacker makes the account first, then the invitation comes. Closed: only an invited email signs up.
    if (signup === "closed") await invite(email);
    const attacker = await signUp(app, email);
    const attackerCookie = attacker.jar.clone();
    const enabled = await sessionCall(app, attacker.jar, "POST", "/v1/auth/two-factor/enable", {
      body: { password: PASSWORD },
    });
    await sessionCall(app, attacker.jar, "POST", "/v1/auth/two-factor/verify-totp", {
      body: { code: await totpCode(enabled.body.totpURI) },
    });
    const authenticator = new SoftwareAuthenticator(new URL(app.url).hostname, new URL(app.url).origin);
    const options = await sessionCall(app, attacker.jar, "GET", "/v1/auth/passkey/generate-register-options");
    const passkey = await sessionCall(app, attacker.jar, "POST", "/v1/auth/passkey/verify-registration", {
      body: { response: authenticator.register(options.body), name: "attacker" },
    });
    const invitation = signup === "open" ? await invite(email) : null;
    const attackerBefore = await me(attacker.jar);

    const real = await magicLinkSignIn(app, email);
    const realMe = await me(real.jar);
    const oldCookie = await sessionCall(app, attackerCookie, "GET", "/v1/me");
    const password = await signIn(app, email);
    const passkeyJar = new Jar();
    const passkeyOptions = await sessionCall(app, passkeyJar, "GET", "/v1/auth/passkey/generate-authenticate-options");
    const byPasskey = await sessionCall(app, passkeyJar, "POST", "/v1/auth/passkey/verify-authentication", {
      body: { response: authenticator.authenticate(passkeyOptions.body) },
    });
    const twoFactors = await app.deps.db.select().from(authTwoFactors).where(eq(authTwoFactors.userId, realMe.user.id));

    expect(attacker.answer.status).toBe(200);
    expect(passkey.status).toBe(200);
    if (invitation) expect(invitation.body.status).toBe("invited");
    expect(attackerBefore.organizations.map((o: { id: string }) => o.id)).not.toContain(orgId);
    expect(real.answer.status).toBe(302);
    expect(realMe.user).toMatchObject({
      id: attackerBefore.user.id,
      email,
      emailVerified: true,
      twoFactorEnabled: false,
    });
    expect(realMe.organizations).toContainEqual(expect.objectContaining({ id: orgId, role: "ADMIN" }));
    // What the attacker's account owned before stays with the account, now the real person's.
    expect(realMe.organizations).toHaveLength(signup === "open" ? 2 : 1);
    expect(oldCookie.status).toBe(401);
    expect(password.answer.status).toBe(401);
    expect(byPasskey.status).toBe(401);
    expect(twoFactors).toEqual([]);
  });

  it("adds a person whose address is proven at once", async () => {
    const email = uniqueEmail("proven");
    if (signup === "closed") await invite(email, "VIEWER");
    const { jar } = await magicLinkSignIn(app, email);

    const changed = await invite(email, "MEMBER");
    const after = await me(jar);

    expect(changed.body).toEqual({ email, role: "MEMBER", createdAt: expect.any(String), status: "active" });
    expect(after.organizations).toContainEqual(expect.objectContaining({ id: orgId, role: "MEMBER" }));
  });

  it("lists a pending invitation, changes its role, withdraws it, and keeps the last OWNER rule for members only", async () => {
    const email = uniqueEmail("pending");
    const asOwner = (method: string, body: unknown) =>
      sessionCall(app, owner.jar, method, "/v1/memberships", { body, headers: { "x-csrf-token": owner.csrf } });
    const first = await invite(email, "VIEWER");
    const changed = await asOwner("PUT", { email, role: "OWNER" });
    const list = await listed(email);
    const demoteOwner = await asOwner("PUT", { email: owner.email, role: "ADMIN" });
    const byKey = await app.call("DELETE", "/v1/memberships", { body: { email } });
    const removed = await asOwner("DELETE", { email });
    const again = await asOwner("DELETE", { email });
    const removeOwner = await asOwner("DELETE", { email: owner.email });
    const later = await magicLinkSignIn(app, email);
    const actions = (await app.call("GET", "/v1/audit-log?targetType=membership")).body.data
      .filter((e: any) => e.target.id === email)
      .map((e: any) => e.action);

    expect(first.body.status).toBe("invited");
    expect(changed.body).toEqual({ email, role: "OWNER", createdAt: first.body.createdAt, status: "invited" });
    expect(list).toEqual([{ email, role: "OWNER", createdAt: first.body.createdAt, status: "invited" }]);
    // A pending OWNER invitation is not an owner: the organization's only OWNER stays one.
    expect(demoteOwner.status).toBe(409);
    expect(demoteOwner.body.error).toMatchObject({
      code: "conflict",
      message: "An organization keeps at least one OWNER",
    });
    expect(removeOwner.status).toBe(409);
    // An OWNER invitation is guarded like an OWNER (docs/auth.md, "Roles"): an ADMIN key cannot withdraw it.
    expect(byKey.status).toBe(403);
    expect(removed.status).toBe(200);
    expect(again.status).toBe(404);
    expect(await listed(email)).toEqual([]);
    // Withdrawn: with sign-up closed the email is a stranger again; with it open, the person gets only their own organization.
    if (signup === "closed") expect(later.answer.status).toBe(403);
    else expect((await me(later.jar)).organizations.map((o: { id: string }) => o.id)).not.toContain(orgId);
    expect(actions.slice(0, 3)).toEqual(["membership.deleted", "membership.updated", "membership.created"]);
  });

  it("records the membership an invitation became", async () => {
    const email = uniqueEmail("audited");
    await invite(email, "MEMBER");

    await magicLinkSignIn(app, email);
    const entries = (await app.call("GET", "/v1/audit-log?targetType=membership")).body.data.filter(
      (e: any) => e.target.id === email,
    );
    const [account] = await app.deps.db.select().from(authUsers).where(eq(authUsers.email, email));

    expect(entries[0]).toMatchObject({
      action: "membership.created",
      actor: { type: "system", id: "invitation" },
      details: { role: "MEMBER", previousRole: null },
    });
    expect(account!.emailVerified).toBe(true);
  });
});

describe("SIGHTLINE_SIGNUP=closed without an invitation", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ SIGHTLINE_SIGNUP: "closed" });
    await person(app, uniqueEmail("owner"));
  });
  afterAll(() => app?.close());

  it("still refuses a stranger's password sign-up with 403 signup_closed, and mails nothing", async () => {
    const email = uniqueEmail("stranger");

    const { answer } = await signUp(app, email);

    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({
      code: "signup_closed",
      message: "Sign-up is closed; ask an administrator for an invitation",
    });
    expect(app.mail.filter((m) => m.to === email)).toEqual([]);
  });
});
