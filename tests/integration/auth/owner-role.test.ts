import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { Jar, person, sessionCall, uniqueEmail } from "../../support/sessions";

type Member = { jar: Jar; email: string; csrf: string };

/** A person invited with `role` who proves the address by the mailed sign-in link (docs/auth.md, "Roles"). */
async function invited(app: TestApp, role: string): Promise<Member> {
  const email = uniqueEmail(role.toLowerCase());
  const put = await app.call("PUT", "/v1/memberships", { body: { email, role: role === "OWNER" ? "ADMIN" : role } });
  if (put.status !== 200) throw new Error(`invitation failed: ${put.status} ${JSON.stringify(put.body)}`);
  const jar = new Jar();
  await sessionCall(app, jar, "POST", "/v1/auth/sign-in/magic-link", { body: { email } });
  const mail = app.mail.filter((m) => m.to === email).at(-1)!;
  const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  await sessionCall(app, jar, "GET", `${link.pathname}${link.search}`);
  const me = await sessionCall(app, jar, "GET", "/v1/me");
  if (me.status !== 200) throw new Error(`GET /v1/me failed: ${me.status}`);
  return { jar, email, csrf: me.body.csrfToken };
}

const ONLY_OWNERS = "Only an OWNER, signed in as a person, grants, changes or removes the OWNER role";

describe("memberships: OWNER belongs to people, and nobody moves someone ranked above them", () => {
  let app: TestApp;
  let owner: Member;
  let admin: Member;
  let secondOwner: string;

  beforeAll(async () => {
    app = await startTestApp();
    // The first person to sign up owns the bootstrap organization, the admin key's.
    owner = await person(app, uniqueEmail("owner"));
    admin = await invited(app, "ADMIN");
    secondOwner = uniqueEmail("second");
    const granted = await sessionCall(app, owner.jar, "PUT", "/v1/memberships", {
      body: { email: secondOwner, role: "OWNER" },
      headers: { "x-csrf-token": owner.csrf },
    });
    if (granted.status !== 200)
      throw new Error(`an OWNER could not grant OWNER: ${granted.status} ${JSON.stringify(granted.body)}`);
  });
  afterAll(() => app?.close());

  const asAdmin = (method: string, body: unknown) =>
    sessionCall(app, admin.jar, method, "/v1/memberships", { body, headers: { "x-csrf-token": admin.csrf } });

  it("refuses OWNER to an ADMIN API key, for a new person and for a member", async () => {
    const fresh = await app.call("PUT", "/v1/memberships", { body: { email: uniqueEmail("takeover"), role: "OWNER" } });
    const promote = await app.call("PUT", "/v1/memberships", { body: { email: admin.email, role: "OWNER" } });

    expect(fresh.status).toBe(403);
    expect(fresh.body.error).toMatchObject({ code: "forbidden", message: ONLY_OWNERS });
    expect(promote.status).toBe(403);
  });

  it("refuses an ADMIN key to demote or remove an OWNER", async () => {
    const demote = await app.call("PUT", "/v1/memberships", { body: { email: owner.email, role: "VIEWER" } });
    const remove = await app.call("DELETE", "/v1/memberships", { body: { email: owner.email } });

    expect(demote.status).toBe(403);
    expect(demote.body.error).toMatchObject({ code: "forbidden", message: ONLY_OWNERS });
    expect(remove.status).toBe(403);
    expect(remove.body.error).toMatchObject({ code: "forbidden", message: ONLY_OWNERS });
  });

  it("refuses a signed-in ADMIN to make themselves OWNER, demote an OWNER or remove one", async () => {
    const self = await asAdmin("PUT", { email: admin.email, role: "OWNER" });
    const demote = await asAdmin("PUT", { email: secondOwner, role: "MEMBER" });
    const remove = await asAdmin("DELETE", { email: owner.email });

    expect([self.status, demote.status, remove.status]).toEqual([403, 403, 403]);
    expect(self.body.error.message).toBe(ONLY_OWNERS);
  });

  it("changes nothing when it refuses", async () => {
    await app.call("PUT", "/v1/memberships", { body: { email: owner.email, role: "VIEWER" } });

    const list = await app.call("GET", "/v1/memberships");

    const roles = Object.fromEntries(list.body.data.map((m: { email: string; role: string }) => [m.email, m.role]));
    expect(roles[owner.email]).toBe("OWNER");
    expect(roles[admin.email]).toBe("ADMIN");
    expect(roles[secondOwner]).toBe("OWNER");
  });

  it("lets an ADMIN manage members up to ADMIN", async () => {
    const email = uniqueEmail("peer");

    const added = await asAdmin("PUT", { email, role: "ADMIN" });
    const lowered = await asAdmin("PUT", { email, role: "VIEWER" });
    const removed = await asAdmin("DELETE", { email });

    expect([added.status, lowered.status, removed.status]).toEqual([200, 200, 200]);
  });

  it("lets a signed-in OWNER demote and remove another OWNER, and still keeps the last one", async () => {
    const demote = await sessionCall(app, owner.jar, "PUT", "/v1/memberships", {
      body: { email: secondOwner, role: "ADMIN" },
      headers: { "x-csrf-token": owner.csrf },
    });
    const remove = await sessionCall(app, owner.jar, "DELETE", "/v1/memberships", {
      body: { email: secondOwner },
      headers: { "x-csrf-token": owner.csrf },
    });
    const last = await sessionCall(app, owner.jar, "PUT", "/v1/memberships", {
      body: { email: owner.email, role: "ADMIN" },
      headers: { "x-csrf-token": owner.csrf },
    });

    expect(demote.status).toBe(200);
    expect(remove.status).toBe(200);
    expect(last.status).toBe(409);
    expect(last.body.error).toMatchObject({ code: "conflict", message: "An organization keeps at least one OWNER" });
  });
});
