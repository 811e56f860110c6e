import * as Auth from "@core/auth";
import { authSessions } from "@core/auth/auth.sql";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/local-app";
import { person, sessionCall } from "../../support/sessions";

// docs/auth.md, "Sessions without the sign-in stack": cookie routes read better-auth's cookies by its rules.
const SECRET = "cookie-session-test-secret-0123456789abcdefghijklmnop";
const TOKEN = "better-auth.session_token";
const DATA = "better-auth.session_data";
const DAY = 86_400_000;

describe("the session reader without better-auth, on cookies a real sign-in made", () => {
  let app: TestApp;
  let reader: Auth.SessionVerifier;
  const headers = (cookie: string) => new Headers({ cookie });
  const tokenOf = (jar: { cookies: Map<string, string> }) => {
    const signed = decodeURIComponent(jar.cookies.get(TOKEN)!);
    return signed.slice(0, signed.lastIndexOf("."));
  };
  const decode = (value: string) => JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  const setCookie = (cookies: string[] | undefined, name: string) =>
    (cookies ?? [])
      .find((c) => c.startsWith(`${name}=`))
      ?.split(";")[0]
      ?.slice(name.length + 1);

  beforeAll(async () => {
    app = await startTestApp({ SIGHTLINE_AUTH_SECRET: SECRET, SIGHTLINE_SESSION_CACHE_SECONDS: "300" });
    reader = Auth.cookieSessions(app.deps, { secret: SECRET, baseUrl: app.url, sessionCacheSeconds: 300 });
    // The first account becomes the instance administrator after its cookies were written; the tests use later ones.
    await person(app);
  });
  afterAll(() => app?.close());

  it("accepts the cookies of a sign-up, from the cache cookie and from the store, as better-auth does", async () => {
    const someone = await person(app);
    const theirs = await sessionCall(app, someone.jar.clone(), "GET", "/v1/auth/get-session");

    const cached = await reader.session(headers(someone.jar.header()));
    const stored = await reader.session(headers(`${TOKEN}=${someone.jar.cookies.get(TOKEN)}`));

    expect(cached).toEqual({
      session: { id: theirs.body.session.id, userId: theirs.body.user.id },
      user: {
        id: theirs.body.user.id,
        email: someone.email,
        name: someone.email.split("@")[0],
        twoFactorEnabled: false,
        emailVerified: false,
      },
    });
    expect(stored?.session).toEqual(cached!.session);
    // Read from the store, the session's cache cookie is written again, with what better-auth puts in it.
    const ours = decode(setCookie(stored!.setCookies, DATA)!);
    const ba = decode(someone.jar.cookies.get(DATA)!);
    expect(Object.keys(ours.session.session).sort()).toEqual(Object.keys(ba.session.session).sort());
    expect(Object.keys(ours.session.user).sort()).toEqual(Object.keys(ba.session.user).sort());
    expect({ ...ours.session, updatedAt: 0 }).toEqual({ ...ba.session, updatedAt: 0 });
  });

  it("writes a cache cookie better-auth takes as its own", async () => {
    const someone = await person(app);
    const token = `${TOKEN}=${someone.jar.cookies.get(TOKEN)}`;
    const ours = setCookie((await reader.session(headers(token)))!.setCookies, DATA)!;

    const answer = await sessionCall(app, null, "GET", "/v1/auth/get-session", {
      headers: { cookie: `${token}; ${DATA}=${ours}` },
    });

    expect(answer.status).toBe(200);
    expect(answer.body.user.email).toBe(someone.email);
    // Answered from the cache cookie: better-auth wrote no new one.
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a tampered signature on the session cookie, and on the cache cookie falls back to the store", async () => {
    const someone = await person(app);
    const signed = someone.jar.cookies.get(TOKEN)!;
    // The signature's first character carries six bits of the HMAC: changing it always changes the bytes.
    const dot = signed.lastIndexOf(".");
    const flipped = `${signed.slice(0, dot + 1)}${signed[dot + 1] === "A" ? "B" : "A"}${signed.slice(dot + 2)}`;
    expect(flipped).not.toBe(signed);
    const data = decode(someone.jar.cookies.get(DATA)!);
    const forged = Buffer.from(
      JSON.stringify({ ...data, session: { ...data.session, user: { ...data.session.user, name: "someone else" } } }),
    ).toString("base64url");

    const tampered = await reader.session(headers(`${TOKEN}=${flipped}; ${DATA}=${someone.jar.cookies.get(DATA)}`));
    const forgedCache = await reader.session(headers(`${TOKEN}=${signed}; ${DATA}=${forged}`));

    expect(tampered).toBeNull();
    expect(forgedCache?.user.name).toBe(someone.email.split("@")[0]);
    expect(forgedCache?.setCookies?.[0]).toMatch(new RegExp(`^${DATA.replace(".", "\\.")}=; Max-Age=0`));
  });

  it("refuses a signature spelled with other spare bits, though it decodes to the same bytes", async () => {
    const someone = await person(app);
    const signed = decodeURIComponent(someone.jar.cookies.get(TOKEN)!);
    // The 43rd base64 character holds 4 bits of the HMAC and 2 spare bits: its neighbour in the alphabet differs
    // only in a spare bit, so a lenient decoder reads the same 32 bytes.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const last = signed.at(-2)!;
    const respelled = `${signed.slice(0, -2)}${alphabet[alphabet.indexOf(last) ^ 1]}=`;
    const signature = (value: string) => value.slice(value.lastIndexOf(".") + 1);
    expect(Buffer.from(signature(respelled), "base64")).toEqual(Buffer.from(signature(signed), "base64"));

    const found = await reader.session(headers(`${TOKEN}=${encodeURIComponent(respelled)}`));
    const genuine = await reader.session(headers(`${TOKEN}=${encodeURIComponent(signed)}`));

    expect(found).toBeNull();
    expect(genuine?.user.email).toBe(someone.email);
  });

  it("refuses an expired session and deletes it, as better-auth does", async () => {
    const someone = await person(app);
    const token = tokenOf(someone.jar);
    await app.deps.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(authSessions.token, token));

    const found = await reader.session(headers(`${TOKEN}=${someone.jar.cookies.get(TOKEN)}`));
    const left = await app.deps.db.select().from(authSessions).where(eq(authSessions.token, token));

    expect(found).toBeNull();
    expect(left).toEqual([]);
  });

  it("refuses a session signed out through better-auth", async () => {
    const someone = await person(app);
    const old = `${TOKEN}=${someone.jar.cookies.get(TOKEN)}`;

    const out = await sessionCall(app, someone.jar, "POST", "/v1/auth/sign-out", { body: {} });

    expect(out.status).toBe(200);
    expect(await reader.session(headers(old))).toBeNull();
  });

  it("extends a session used a day after it was last extended, with better-auth's cookie", async () => {
    const someone = await person(app);
    const token = tokenOf(someone.jar);
    await app.deps.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() + 5 * DAY) })
      .where(eq(authSessions.token, token));

    const found = await reader.session(headers(`${TOKEN}=${someone.jar.cookies.get(TOKEN)}`));
    const [row] = await app.deps.db.select().from(authSessions).where(eq(authSessions.token, token));

    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    const renewed = found!.setCookies!.find((c) => c.startsWith(`${TOKEN}=`))!;
    expect(renewed).toBe(`${TOKEN}=${someone.jar.cookies.get(TOKEN)}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`);
  });
});
