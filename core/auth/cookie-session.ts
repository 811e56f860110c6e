import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Deps } from "../platform/deps";
import { authSessions, authUsers } from "./auth.sql";
import { csrfTokenOf } from "./csrf";
import { stillUnproven } from "./proven-address";
import { sessionMemo } from "./session-memo";
import { signatureMatches } from "./signature-match";

/** A signed-in person's session as the API sees it. */
export interface SessionView {
  session: { id: string; userId: string };
  /** `emailVerified`: whether the address is proven (docs/auth.md, "Invitations and proven addresses"). */
  user: { id: string; email: string; name: string; twoFactorEnabled: boolean; emailVerified: boolean };
  /** `Set-Cookie` values given on this read (a renewed cookie cache, a session extended); the answer carries them. */
  setCookies?: string[];
}

/** What a route needs to take a session cookie: the session behind it and the CSRF token bound to it. */
export interface SessionVerifier {
  /** The session of the request's cookie, or null when it is missing, forged, expired, revoked or banned. */
  session(headers: Headers): Promise<SessionView | null>;
  /** The token cookie-authenticated writes carry in `X-CSRF-Token` (docs/auth.md, "CSRF"). */
  csrfToken(sessionId: string): string;
}

export type CookieSessionDeps = Pick<Deps, "db" | "clock" | "caches" | "config">;

export interface CookieSessionConfig {
  secret: string;
  baseUrl?: string | undefined;
  sessionCacheSeconds: number;
  /** Cookies named with the `__Secure-` prefix (AuthConfig.secureCookies); unset: when `baseUrl` is https. */
  secureCookies?: boolean | undefined;
}

/** Whether better-auth's cookies carry the `__Secure-` prefix; create-auth.ts hands the same answer to better-auth. */
export const secureCookies = (config: CookieSessionConfig): boolean =>
  config.secureCookies ?? Boolean(config.baseUrl?.startsWith("https://"));

/** better-auth's defaults, which create-auth.ts keeps: sessions last 7 days and are extended once a day of use. */
export const SESSION_EXPIRES_IN_SECONDS = 604_800;
export const SESSION_UPDATE_AGE_SECONDS = 86_400;

/**
 * The version a cookie cache carries (better-auth's `cookieCache.version`): a session cached while its address was
 * unproven is read from the store again once the address is proven, since another channel proving it ends that
 * session (docs/auth.md, "Invitations and proven addresses").
 */
export async function cacheVersion(
  deps: Pick<Deps, "db" | "caches" | "config">,
  user: { id: string; emailVerified: boolean },
): Promise<string> {
  return user.emailVerified || (await stillUnproven(deps, user.id)) ? "1" : "proven";
}

/**
 * Reads better-auth's session cookie without loading better-auth
 * (docs/auth.md, "Sessions without the sign-in stack"), with the rules of its `get-session` (better-auth 1.7):
 * the signed `session_token` cookie
 * (`token.base64(HMAC-SHA256)` under the auth secret), the signed compact `session_data` cache while it is fresh,
 * else the `auth_sessions` row and its person, the session extended once a day of use and the cache written again.
 * The cookies it writes are the ones better-auth writes, so either one reads what the other wrote.
 */
export function cookieSessions(deps: CookieSessionDeps, config: CookieSessionConfig): SessionVerifier {
  const secure = secureCookies(config);
  const prefix = secure ? "__Secure-" : "";
  const names = {
    token: `${prefix}better-auth.session_token`,
    data: `${prefix}better-auth.session_data`,
    dontRemember: `${prefix}better-auth.dont_remember`,
  };
  const attributes = `; Path=/; HttpOnly${secure ? "; Secure" : ""}; SameSite=Lax`;
  const cacheSeconds = config.sessionCacheSeconds;
  const cacheMaxAge = Math.max(cacheSeconds, 1);
  const memo = sessionMemo(deps, cacheSeconds, config.secret);
  const hmac = (value: string) => createHmac("sha256", config.secret).update(value);

  /** better-call's `getSignedCookie`: the value, null when absent or malformed, false when the signature fails. */
  function signed(cookies: Map<string, string>, name: string): string | null | false {
    const value = cookies.get(name);
    if (!value) return null;
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const signature = value.slice(dot + 1);
    if (signature.length !== 44 || !signature.endsWith("=")) return null;
    return signatureMatches(config.secret, value.slice(0, dot), signature, "base64") ? value.slice(0, dot) : false;
  }

  const signCookie = (name: string, value: string, maxAge: number) =>
    `${name}=${encodeURIComponent(`${value}.${hmac(value).digest("base64")}`)}; Max-Age=${maxAge}${attributes}`;
  const expire = (name: string) => `${name}=; Max-Age=0${attributes}`;

  /** better-auth's `setCookieCache` (compact strategy): the session and person, signed with their expiry. */
  async function cacheCookie(row: SessionRow): Promise<string | null> {
    const data = {
      session: row.session,
      user: row.user,
      updatedAt: Date.now(),
      version: await cacheVersion(deps, row.user),
    };
    const expiresAt = Date.now() + cacheMaxAge * 1000;
    const signature = hmac(JSON.stringify({ ...data, expiresAt })).digest("base64url");
    const value = Buffer.from(JSON.stringify({ session: data, expiresAt, signature })).toString("base64url");
    // better-auth splits a value past a browser's cookie size in chunks; a session row never comes near it.
    return value.length > 3800 ? null : `${names.data}=${value}; Max-Age=${cacheMaxAge}${attributes}`;
  }

  /** The cache cookie's session when its signature, token, version and both expiries hold; else null. */
  async function fromCache(value: string, token: string): Promise<CachedSession | null> {
    let parsed: { session?: CachedSession; expiresAt?: unknown; signature?: unknown };
    try {
      parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    } catch {
      return null;
    }
    const { session, expiresAt, signature } = parsed ?? {};
    if (!session || typeof session !== "object" || typeof expiresAt !== "number" || typeof signature !== "string")
      return null;
    if (!signatureMatches(config.secret, JSON.stringify({ ...session, expiresAt }), signature, "base64url"))
      return null;
    const s = session.session;
    const u = session.user;
    if (!s || !u || typeof s.id !== "string" || typeof u.id !== "string" || typeof s.token !== "string") return null;
    if (s.token !== token) return null;
    if ((session.version || "1") !== (await cacheVersion(deps, { id: u.id, emailVerified: u.emailVerified === true })))
      return null;
    const sessionExpiry = new Date(s.expiresAt as string).getTime();
    if (expiresAt < Date.now() || !Number.isFinite(sessionExpiry) || sessionExpiry < Date.now()) return null;
    return session;
  }

  async function read(headers: Headers): Promise<SessionView | null> {
    const cookies = parseCookies(headers.get("cookie") ?? "");
    const token = signed(cookies, names.token);
    if (!token) return null;
    const setCookies: string[] = [];
    const cacheValue = cacheSeconds > 0 ? chunked(cookies, names.data) : null;
    if (cacheSeconds === 0 && chunked(cookies, names.data)) setCookies.push(expire(names.data));
    if (cacheValue) {
      const cached = await fromCache(cacheValue, token);
      if (cached) return viewOf(cached.session as { id: string; userId: string }, cached.user as UserRow, []);
      setCookies.push(expire(names.data));
    }
    const row = await findSession(deps, token);
    // Dates are compared with the wall clock, as better-auth, which writes these rows, does.
    if (!row || row.session.expiresAt.getTime() < Date.now()) {
      if (row) await deps.db.delete(authSessions).where(eq(authSessions.token, token));
      return null;
    }
    if (signed(cookies, names.dontRemember)) return viewOf(row.session, row.user, []);
    const due =
      row.session.expiresAt.getTime() - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <=
      Date.now();
    if (due) {
      const [updated] = await deps.db
        .update(authSessions)
        .set({ expiresAt: new Date(Date.now() + SESSION_EXPIRES_IN_SECONDS * 1000), updatedAt: new Date() })
        .where(eq(authSessions.token, token))
        .returning();
      if (!updated) return null;
      row.session = updated;
      setCookies.push(signCookie(names.token, token, SESSION_EXPIRES_IN_SECONDS));
    }
    if (cacheSeconds > 0) {
      const cache = await cacheCookie(row);
      if (cache) setCookies.push(cache);
    }
    return viewOf(row.session, row.user, setCookies);
  }

  return {
    async session(headers) {
      const cookie = headers.get("cookie");
      const known = memo.get(cookie);
      if (known) return known;
      const generation = memo.generation();
      const view = await read(headers);
      if (view) memo.set(cookie, view, generation);
      return view;
    },
    csrfToken: (sessionId) => csrfTokenOf(config.secret, sessionId),
  };
}

type SessionRow = Awaited<ReturnType<typeof findSession>> & {};
type UserRow = SessionRow["user"];
interface CachedSession {
  session: Record<string, unknown>;
  user: Record<string, unknown>;
  updatedAt?: unknown;
  version?: string;
}

/** better-auth's `findSession`: the session by its token and the person it belongs to. */
async function findSession(deps: CookieSessionDeps, token: string) {
  const [found] = await deps.db
    .select({ session: authSessions, user: authUsers })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(eq(authSessions.token, token));
  return found ?? null;
}

function viewOf(
  session: { id: string; userId: string },
  user: { id: string; email: string; name: string; twoFactorEnabled?: boolean | null; emailVerified: boolean },
  setCookies: string[],
): SessionView {
  return {
    session: { id: session.id, userId: session.userId },
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      emailVerified: Boolean(user.emailVerified),
    },
    ...(setCookies.length ? { setCookies } : {}),
  };
}

/** better-call's cookie parser: the first value of each name wins, quotes are dropped, values are URI-decoded. */
function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf("=", index);
    if (eq === -1) break;
    let end = header.indexOf(";", index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(";", eq - 1) + 1;
      continue;
    }
    const key = header.slice(index, eq).trim();
    if (!cookies.has(key)) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      try {
        value = value.includes("%") ? decodeURIComponent(value) : value;
      } catch {
        // better-call keeps a value it cannot decode as it is.
      }
      cookies.set(key, value);
    }
    index = end + 1;
  }
  return cookies;
}

/** A cookie better-auth may have split in `name.0`, `name.1`, … chunks, joined in order. */
function chunked(cookies: Map<string, string>, name: string): string | null {
  const whole = cookies.get(name);
  if (whole) return whole;
  const chunks: [number, string][] = [];
  for (const [key, value] of cookies) {
    if (!key.startsWith(`${name}.`)) continue;
    const suffix = key.slice(name.length + 1);
    const index = Number(suffix);
    if (Number.isSafeInteger(index) && index >= 0 && String(index) === suffix) chunks.push([index, value]);
  }
  if (!chunks.length) return null;
  return chunks
    .sort((a, b) => a[0] - b[0])
    .map(([, value]) => value)
    .join("");
}
