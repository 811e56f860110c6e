import { createHmac } from "node:crypto";
import { sessionMemo } from "@core/auth/session-memo";
import { Caches } from "@core/platform/cache";
import { describe, expect, it } from "vitest";

const T0 = Date.parse("2026-11-25T12:00:00Z");
const view = {
  session: { id: "s1", userId: "u1" },
  user: { id: "u1", email: "a@example.com", name: "a", twoFactorEnabled: false, emailVerified: true },
};
const unproven = { ...view, user: { ...view.user, emailVerified: false } };
const SECRET = "a-test-secret-of-at-least-thirty-two-characters";
/** better-auth's compact cache cookie: the session, its expiry and an HMAC-SHA256 of both (tests/integration/auth/session-memo.test.ts checks real ones). */
function cacheCookie(expiresAt: unknown, options: { secret?: string; sessionId?: string } = {}) {
  const session = {
    session: { id: options.sessionId ?? "s1", userId: "u1" },
    user: { id: "u1" },
    updatedAt: T0,
    version: "1",
  };
  const signature = createHmac("sha256", options.secret ?? SECRET)
    .update(JSON.stringify({ ...session, expiresAt }))
    .digest("base64url");
  return Buffer.from(JSON.stringify({ session, expiresAt, signature })).toString("base64url");
}
const header = (expiresAt: unknown, options: { secret?: string; sessionId?: string } = {}) =>
  `better-auth.session_token=tok.sig; better-auth.session_data=${cacheCookie(expiresAt, options)}`;

function memoAt(cacheSeconds: number, ownsRelationalStore = true) {
  let now = T0;
  const caches = new Caches();
  const memo = sessionMemo(
    { caches, clock: { now: () => new Date(now) }, config: { ownsRelationalStore } as never },
    cacheSeconds,
    SECRET,
  );
  return { memo, caches, at: (ms: number) => (now = T0 + ms) };
}

// docs/auth.md, "Cookie cache, bans and revocation": a checked cookie is served again until better-auth itself would stop taking it.
describe("session memo", () => {
  it("serves an accepted cache cookie until its own expiry, never after", () => {
    const { memo, at } = memoAt(300);
    const cookie = header(T0 + 120_000);
    memo.set(cookie, view, 0);

    at(119_999);
    expect(memo.get(cookie)).toEqual(view);
    at(120_000);
    expect(memo.get(cookie)).toBeUndefined();
  });

  it("caps an entry at the cache time from when it was kept, whatever the cookie claims", () => {
    const { memo, at } = memoAt(300);
    const cookie = header(T0 + 86_400_000);
    memo.set(cookie, view, 0);

    at(299_999);
    expect(memo.get(cookie)).toEqual(view);
    at(300_000);
    expect(memo.get(cookie)).toBeUndefined();
  });

  it("keeps nothing when the cache is off, when better-auth renewed a cookie, or without a readable cache cookie", () => {
    const off = memoAt(0).memo;
    off.set(header(T0 + 60_000), view, 0);
    expect(off.get(header(T0 + 60_000))).toBeUndefined();

    const { memo } = memoAt(300);
    memo.set(header(T0 + 60_000), { ...view, setCookies: ["better-auth.session_data=new"] }, 0);
    expect(memo.get(header(T0 + 60_000))).toBeUndefined();
    for (const cookie of [
      "better-auth.session_token=tok.sig",
      "better-auth.session_token=tok.sig; better-auth.session_data=not-json",
      header("soon"),
    ]) {
      memo.set(cookie, view, 0);
      expect(memo.get(cookie)).toBeUndefined();
    }
    expect(memo.get(null)).toBeUndefined();
  });

  it("takes its bound only from the one cache cookie better-auth signed, for this session", () => {
    const { memo } = memoAt(300);
    const real = header(T0 + 60_000);
    // An unsigned decoy far in the future, beside the real cookie or in its place.
    const decoy = Buffer.from(
      JSON.stringify({ session: { session: { id: "s1" } }, expiresAt: T0 + 86_400_000, signature: "sig" }),
    ).toString("base64url");
    const cookies = [
      `better-auth.session_data=${decoy}; ${real}`,
      `${real}; better-auth.session_data=${decoy}`,
      `better-auth.session_token=tok.sig; better-auth.session_data=${decoy}`,
      header(T0 + 60_000, { secret: "another-secret-of-at-least-thirty-two-chars" }),
      header(T0 + 60_000, { sessionId: "s2" }),
    ];

    for (const cookie of cookies) memo.set(cookie, view, 0);

    for (const cookie of cookies) expect(memo.get(cookie)).toBeUndefined();
  });

  it("keeps people apart: another session token is another entry", () => {
    const { memo } = memoAt(300);
    memo.set(header(T0 + 60_000), view, 0);

    expect(memo.get(header(T0 + 60_000).replace("tok.sig", "other.sig"))).toBeUndefined();
  });

  // docs/auth.md, "Invitations and proven addresses": a session of an unproven account ends when another channel proves the address.
  it("drops a session of an unproven account once any address is proven, and keeps none on a shared store", async () => {
    const { memo, caches } = memoAt(300);
    const cookie = header(T0 + 60_000);
    memo.set(cookie, unproven, memo.generation());
    const before = memo.get(cookie);
    await caches.write("auth-proofs", async () => undefined);
    const after = memo.get(cookie);
    const stale = memoAt(300).memo;
    stale.set(cookie, unproven, stale.generation() - 1);
    const shared = memoAt(300, false).memo;
    shared.set(cookie, unproven, shared.generation());
    shared.set(header(T0 + 30_000), view, shared.generation());

    expect(before).toEqual(unproven);
    expect(after).toBeUndefined();
    expect(stale.get(cookie)).toBeUndefined();
    expect(shared.get(cookie)).toBeUndefined();
    expect(shared.get(header(T0 + 30_000))).toEqual(view);
  });
});
