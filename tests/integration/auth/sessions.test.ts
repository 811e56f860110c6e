import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { Jar, PASSWORD, person, sessionCall, signIn, signUp, uniqueEmail } from "../../support/sessions";

describe("email and password sign-in, sessions on /v1", () => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof person>>;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await person(app, uniqueEmail("owner"));
  });
  afterAll(() => app?.close());

  it("makes the first person to sign up the OWNER of the bootstrap organization and its project", async () => {
    const keyView = await app.call("GET", "/v1/me");

    expect(owner.me.user).toMatchObject({ email: owner.email, twoFactorEnabled: false });
    expect(owner.me.organizations).toEqual([
      {
        id: keyView.body.organizations[0].id,
        name: keyView.body.organizations[0].name,
        role: "OWNER",
        projects: [keyView.body.organizations[0].projects[0]],
      },
    ]);
    expect(typeof owner.csrf).toBe("string");
  });

  it("answers GET /v1/me for a key with the key and its one project, without a CSRF token", async () => {
    const res = await app.call("GET", "/v1/me");

    expect(res.status).toBe(200);
    expect(res.body.key).toMatchObject({ publicKey: app.admin.publicKey, role: "ADMIN" });
    expect(res.body.organizations).toHaveLength(1);
    expect(res.body.organizations[0].projects).toEqual([{ id: res.body.key.projectId, name: expect.any(String) }]);
    expect(res.body.csrfToken).toBeUndefined();
  });

  it("signs in with the password, refuses a wrong one with 401 in the error body", async () => {
    const good = await signIn(app, owner.email);
    const bad = await signIn(app, owner.email, "wrong password!");

    expect(good.answer.status).toBe(200);
    expect(good.jar.cookies.size).toBeGreaterThan(0);
    expect(bad.answer.status).toBe(401);
    expect(bad.answer.body.error).toMatchObject({ code: "unauthorized", message: "Invalid email or password" });
  });

  it("reads with the session cookie and writes with the cookie and the CSRF token", async () => {
    const read = await sessionCall(app, owner.jar, "GET", "/v1/projects");
    const write = await sessionCall(app, owner.jar, "POST", "/v1/api-keys", {
      body: { role: "VIEWER" },
      headers: { "x-csrf-token": owner.csrf },
    });
    const audit = await app.call("GET", "/v1/audit-log");

    expect(read.status).toBe(200);
    expect(read.body.data.length).toBeGreaterThan(0);
    expect(write.status).toBe(201);
    expect(audit.body.data.find((e: any) => e.target.id === write.body.id)?.actor).toEqual({
      type: "user",
      id: owner.me.user.id,
    });
  });

  it("refuses a cookie-authenticated write without the CSRF token, or with another session's", async () => {
    const other = await signIn(app, owner.email);
    const otherCsrf = (await sessionCall(app, other.jar, "GET", "/v1/me")).body.csrfToken;

    const missing = await sessionCall(app, owner.jar, "POST", "/v1/api-keys", { body: { role: "VIEWER" } });
    const foreign = await sessionCall(app, owner.jar, "POST", "/v1/api-keys", {
      body: { role: "VIEWER" },
      headers: { "x-csrf-token": otherCsrf },
    });

    for (const res of [missing, foreign]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({
        code: "csrf_failed",
        message: "Cookie-authenticated writes need the X-CSRF-Token header from GET /v1/me",
      });
    }
    expect(otherCsrf).not.toBe(owner.csrf);
  });

  it("answers 401 to a forged cookie and to no credentials at all", async () => {
    const forged = new Jar();
    for (const [name, value] of owner.jar.cookies) forged.cookies.set(name, `${value.slice(0, -4)}AAAA`);

    const res = await sessionCall(app, forged, "GET", "/v1/projects");
    const none = await sessionCall(app, null, "GET", "/v1/projects");

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
    expect(none.status).toBe(401);
  });

  it("sends the Basic challenge with a 401 to API clients only, not to a cookie-authenticated browser request", async () => {
    const forged = new Jar();
    for (const [name, value] of owner.jar.cookies) forged.cookies.set(name, `${value.slice(0, -4)}AAAA`);

    const cookie = await sessionCall(app, forged, "GET", "/v1/projects");
    const none = await sessionCall(app, null, "GET", "/v1/projects");
    const badKey = await sessionCall(app, forged, "GET", "/v1/projects", {
      headers: { authorization: `Basic ${Buffer.from("pk-sl-x:sk-sl-y").toString("base64")}` },
    });

    expect(cookie.status).toBe(401);
    expect(cookie.body).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
    expect(cookie.headers.get("www-authenticate")).toBeNull();
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Basic realm="sightline"');
    expect(badKey.status).toBe(401);
    expect(badKey.headers.get("www-authenticate")).toBe('Basic realm="sightline"');
  });

  it("gives a later uninvited person an organization of their own with a project `default`", async () => {
    const later = await person(app, uniqueEmail("later"));

    expect(later.me.organizations).toEqual([
      {
        id: expect.any(String),
        name: later.email,
        role: "OWNER",
        projects: [{ id: expect.any(String), name: "default" }],
      },
    ]);
    const projects = await sessionCall(app, later.jar, "GET", "/v1/projects");
    expect(projects.body.data.map((p: any) => p.name)).toEqual(["default"]);
  });

  it("chooses the project by X-Sightline-Project, asks for one when several are reachable, 404s a foreign one", async () => {
    const second = await app.call("POST", "/v1/projects", {
      body: { name: `second-${Math.random().toString(36).slice(2)}` },
    });
    const me = (await sessionCall(app, owner.jar, "GET", "/v1/me")).body;

    const none = await sessionCall(app, owner.jar, "GET", "/v1/prompts");
    const chosen = await sessionCall(app, owner.jar, "GET", "/v1/prompts", {
      headers: { "x-sightline-project": second.body.id },
    });
    const later = await person(app);
    const foreign = await sessionCall(app, later.jar, "GET", "/v1/prompts", {
      headers: { "x-sightline-project": second.body.id },
    });

    expect(me.organizations[0].projects.map((p: any) => p.id)).toContain(second.body.id);
    expect(none.status).toBe(400);
    expect(none.body.error).toEqual({
      code: "project_required",
      message: "Choose a project with the X-Sightline-Project header",
    });
    expect(chosen.status).toBe(200);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");
  });

  it("answers an unknown /v1/auth path with 404 and a bad body with 400, in the error body", async () => {
    const unknown = await sessionCall(app, null, "POST", "/v1/auth/no-such-endpoint", { body: {} });
    const bad = await sessionCall(app, null, "POST", "/v1/auth/sign-in/email", { body: { email: "not an email" } });

    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({
      code: "not_found",
      message: "No sign-in endpoint at /v1/auth/no-such-endpoint",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_input");
  });

  it("refuses a second sign-up with the same email with a 4xx in the error body", async () => {
    const again = await signUp(app, owner.email, PASSWORD);

    expect(again.answer.status).toBeGreaterThanOrEqual(400);
    expect(again.answer.status).toBeLessThan(500);
    expect(typeof again.answer.body.error.message).toBe("string");
  });
});

/** The cookie cache runs out while the console calls only /v1 routes: those answers renew it (docs/auth.md, "Cookies"). */
describe("cookies renewed by /v1 routes", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ SIGHTLINE_SESSION_CACHE_SECONDS: "1" });
  });
  afterAll(() => app?.close());

  const cacheCookie = (jar: Jar) => [...jar.cookies].find(([name]) => name.endsWith("session_data"))?.[1];

  it("sets a new cookie cache on a /v1 answer once the old one ran out, and none while it holds", async () => {
    const someone = await person(app);
    const first = cacheCookie(someone.jar);
    const fresh = await sessionCall(app, someone.jar, "GET", "/v1/projects");
    await new Promise((r) => setTimeout(r, 1_500));
    const renewed = await sessionCall(app, someone.jar, "GET", "/v1/projects");
    const write = await sessionCall(app, someone.jar, "GET", "/v1/me");

    expect(first).toBeDefined();
    expect(fresh.status).toBe(200);
    expect(fresh.headers.getSetCookie()).toEqual([]);
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().some((c) => /session_data=[^;]+/.test(c))).toBe(true);
    expect(cacheCookie(someone.jar)).not.toBe(first);
    expect(write.status).toBe(200);
  });
});
