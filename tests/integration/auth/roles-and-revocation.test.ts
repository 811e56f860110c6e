import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { person, provenPerson, sessionCall, signIn, uniqueEmail } from "../../support/sessions";

const ROLES = ["VIEWER", "MEMBER", "ADMIN", "OWNER"] as const;

/** One read, one write and one admin route, with what each role gets. */
const SAMPLE = [
  { method: "GET", path: "/v1/prompts", body: undefined, allowed: ["VIEWER", "MEMBER", "ADMIN", "OWNER"] },
  {
    method: "POST",
    path: "/v1/prompts",
    body: () => ({ name: `p-${Math.random().toString(36).slice(2)}`, type: "TEXT", content: "hi" }),
    allowed: ["MEMBER", "ADMIN", "OWNER"],
  },
  { method: "GET", path: "/v1/api-keys", body: undefined, allowed: ["ADMIN", "OWNER"] },
] as const;

describe("sessions: the membership role decides, read on every request", () => {
  let app: TestApp;
  const people: Record<string, Awaited<ReturnType<typeof person>>> = {};

  beforeAll(async () => {
    app = await startTestApp();
    people.OWNER = await person(app, uniqueEmail("owner"));
    for (const role of ["VIEWER", "MEMBER", "ADMIN"] as const) {
      const email = uniqueEmail(role.toLowerCase());
      const invited = await app.call("PUT", "/v1/memberships", { body: { email, role } });
      if (invited.status !== 200) throw new Error(`invitation failed: ${invited.status}`);
      // The invitation applies once the mailed link proves the address (docs/auth.md, "Invitations and proven addresses").
      people[role] = await provenPerson(app, email);
    }
  });
  afterAll(() => app?.close());

  for (const role of ROLES) {
    for (const route of SAMPLE) {
      const expected = (route.allowed as readonly string[]).includes(role) ? [200, 201] : [403];
      it(`answers ${expected.join("/")} to a ${role} session on ${route.method} ${route.path}`, async () => {
        const who = people[role]!;

        const res = await sessionCall(app, who.jar, route.method, route.path, {
          body: route.body?.(),
          headers: { "x-csrf-token": who.csrf },
        });

        expect(expected).toContain(res.status);
        if (res.status === 403)
          expect(res.body.error).toEqual({
            code: "forbidden",
            message: expect.stringContaining(`the membership has ${role}`),
          });
      });
    }
  }

  it("gives invited people the invitation's organization and role", () => {
    expect(people.MEMBER!.me.organizations).toEqual([
      expect.objectContaining({ id: people.OWNER!.me.organizations[0].id, role: "MEMBER" }),
    ]);
  });

  it("applies a lowered role and a removed membership to the very next request", async () => {
    const email = uniqueEmail("demoted");
    await app.call("PUT", "/v1/memberships", { body: { email, role: "ADMIN" } });
    const who = await provenPerson(app, email);

    const before = await sessionCall(app, who.jar, "GET", "/v1/api-keys");
    await app.call("PUT", "/v1/memberships", { body: { email, role: "VIEWER" } });
    const lowered = await sessionCall(app, who.jar, "GET", "/v1/api-keys");
    await app.call("DELETE", "/v1/memberships", { body: { email } });
    const removed = await sessionCall(app, who.jar, "GET", "/v1/prompts");
    const me = await sessionCall(app, who.jar, "GET", "/v1/me");

    expect(before.status).toBe(200);
    expect(lowered.status).toBe(403);
    expect(removed.status).toBe(400);
    expect(removed.body.error.code).toBe("project_required");
    expect(me.status).toBe(200);
    expect(me.body.organizations).toEqual([]);
  });

  it("shows a project created a moment ago on the very next request", async () => {
    const email = uniqueEmail("sibling");
    await app.call("PUT", "/v1/memberships", { body: { email, role: "VIEWER" } });
    const who = await provenPerson(app, email);
    const one = await sessionCall(app, who.jar, "GET", "/v1/prompts");

    const created = await app.call("POST", "/v1/projects", { body: { name: `p-${email.slice(8, 16)}` } });
    const two = await sessionCall(app, who.jar, "GET", "/v1/prompts");
    const me = await sessionCall(app, who.jar, "GET", "/v1/me");

    expect(one.status).toBe(200);
    expect(created.status).toBe(201);
    expect(two.status).toBe(400);
    expect(two.body.error.code).toBe("project_required");
    expect(me.body.organizations[0].projects).toContainEqual({ id: created.body.id, name: created.body.name });
  });
});

/** Ban (admin plugin) and revoke (better-auth's revoke endpoints) against the session cookie cache. */
describe.each([
  { cache: "0", immediate: true },
  { cache: "2", immediate: false },
])("ban and revoke with SIGHTLINE_SESSION_CACHE_SECONDS=$cache", ({ cache, immediate }) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof person>>;

  beforeAll(async () => {
    app = await startTestApp({ SIGHTLINE_SESSION_CACHE_SECONDS: cache });
    admin = await person(app, uniqueEmail("instance-admin"));
  });
  afterAll(() => app?.close());

  /** After the change: at once when the cache is off; otherwise still served, then refused past the cache time. */
  async function expectCutOff(call: () => Promise<{ status: number; body: any }>) {
    const next = await call();
    if (immediate) {
      expect(next.status).toBe(401);
      expect(next.body.error.code).toBe("unauthorized");
      return;
    }
    expect(next.status).toBe(200);
    await new Promise((r) => setTimeout(r, 3_000));
    const later = await call();
    expect(later.status).toBe(401);
  }

  it("cuts off a banned person's session", async () => {
    const banned = await person(app);
    const token = (await sessionCall(app, admin.jar, "GET", "/v1/auth/get-session")).body;

    const ban = await sessionCall(app, admin.jar, "POST", "/v1/auth/admin/ban-user", {
      body: { userId: banned.me.user.id, banReason: "test" },
    });
    expect(token.user.email).toBe(admin.email);
    expect(ban.status).toBe(200);

    await expectCutOff(() => sessionCall(app, banned.jar, "GET", "/v1/projects"));
    const again = await signIn(app, banned.email);
    expect(again.answer.status).toBe(403);
    expect(again.answer.body.error.code).toBe("forbidden");
  }, 20_000);

  it("cuts off a revoked session", async () => {
    const someone = await person(app);
    const second = await signIn(app, someone.email);
    const sessions = await sessionCall(app, someone.jar, "GET", "/v1/auth/list-sessions");
    const secondToken = (await sessionCall(app, second.jar, "GET", "/v1/auth/get-session")).body.session.token;

    const revoke = await sessionCall(app, someone.jar, "POST", "/v1/auth/revoke-session", {
      body: { token: secondToken },
    });

    expect(sessions.body.length).toBe(2);
    expect(revoke.status).toBe(200);
    await expectCutOff(() => sessionCall(app, second.jar, "GET", "/v1/projects"));
    expect((await sessionCall(app, someone.jar, "GET", "/v1/projects")).status).toBe(200);
  }, 20_000);

  it("lets only instance admins ban", async () => {
    const someone = await person(app);
    const other = await person(app);

    const res = await sessionCall(app, someone.jar, "POST", "/v1/auth/admin/ban-user", {
      body: { userId: other.me.user.id },
    });

    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
  });
});
