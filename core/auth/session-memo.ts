import type { Deps } from "../platform/deps";
import type { SessionView } from "./auth-service";
import { PROOF_SCOPE } from "./proven-address";
import { signatureMatches } from "./signature-match";

/** The in-process cache of checked session cookies (docs/auth.md, "Cookie cache, bans and revocation"). */
const MEMO = "auth-session-cookies";
/** Cookies of accounts whose address was unproven when checked: they end when any address is proven. */
const UNPROVEN_MEMO = "auth-session-cookies-unproven";
/** The generation entries of proven accounts carry: no write moves it; an entry ends at its own time (below). */
const NEVER_MOVED = 0;

interface Checked {
  view: SessionView;
  /** Epoch ms after which better-auth itself would no longer answer from the cookie cache. */
  until: number;
}

/**
 * better-auth's answer for a `Cookie` header it accepted from the cookie cache, served again without running
 * better-auth until the cache cookie's own expiry (capped at the cache time from now). A cached cookie is
 * already taken without a database read until that moment, so bans and revocations apply exactly as late as
 * they did; what this saves is better-auth's per-call work (two HMACs, its context copies, their garbage).
 *
 * A session of an account whose address is unproven ends when another channel proves it (docs/auth.md,
 * "Invitations and proven addresses"): better-auth then reads it again (`cookieCache.version`), so its memo entry
 * is kept only where that proof moves the generation it carries (a store this process owns).
 */
export function sessionMemo(deps: Pick<Deps, "caches" | "clock" | "config">, cacheSeconds: number, secret: string) {
  const proven = deps.caches.of<Checked>(MEMO);
  const unproven = deps.caches.of<Checked>(UNPROVEN_MEMO);
  const keepsUnproven = deps.config.ownsRelationalStore;
  const now = () => deps.clock.now().getTime();
  return {
    /** The proof generation to hand to `set`, taken before better-auth is asked. */
    generation: () => deps.caches.generation(PROOF_SCOPE),
    get(cookie: string | null): SessionView | undefined {
      if (!cookie || cacheSeconds === 0) return undefined;
      const hit =
        proven.get(cookie, NEVER_MOVED) ??
        (keepsUnproven ? unproven.get(cookie, deps.caches.generation(PROOF_SCOPE)) : undefined);
      return hit && hit.until > now() ? hit.view : undefined;
    },
    /** Keeps an answer that renewed no cookie, i.e. one better-auth gave from the cache cookie the header carries. */
    set(cookie: string | null, view: SessionView, generation: number): void {
      if (!cookie || cacheSeconds === 0 || view.setCookies?.length) return;
      if (!view.user.emailVerified && !keepsUnproven) return;
      const expiry = cacheCookieExpiry(cookie, secret, view.session.id);
      if (expiry === null) return;
      const entry = { view, until: Math.min(expiry, now() + cacheSeconds * 1000) };
      if (view.user.emailVerified) proven.set(cookie, NEVER_MOVED, entry);
      else unproven.set(cookie, generation, entry);
    },
  };
}

/**
 * The `expiresAt` of better-auth's cache cookie (`session_data`, its default "compact" form: base64url JSON of the
 * session, `expiresAt` and an HMAC-SHA256 of both under the auth secret), for the session better-auth answered with.
 * The bound is taken only from a cookie whose signature holds and which is the header's only cache cookie: an
 * unsigned decoy beside the real one would otherwise stretch the memo past the real cookie's expiry. A cookie in
 * another form, split in chunks, unreadable, or for another session is not kept.
 */
function cacheCookieExpiry(cookie: string, secret: string, sessionId: string): number | null {
  const pairs = cookie
    .split(";")
    .map((c) => c.trim())
    .filter((c) => /^(__Secure-)?better-auth\.session_data(\.\d+)?=/.test(c));
  if (pairs.length !== 1 || !/^(__Secure-)?better-auth\.session_data=/.test(pairs[0]!)) return null;
  try {
    const decoded = JSON.parse(
      Buffer.from(pairs[0]!.slice(pairs[0]!.indexOf("=") + 1), "base64url").toString("utf8"),
    ) as CompactCache;
    if (
      typeof decoded.expiresAt !== "number" ||
      typeof decoded.signature !== "string" ||
      decoded.session?.session?.id !== sessionId
    )
      return null;
    // better-auth signs `{...session, expiresAt}` serialized as parsed, so the same JSON.stringify reproduces its input.
    const signed = JSON.stringify({ ...decoded.session, expiresAt: decoded.expiresAt });
    return signatureMatches(secret, signed, decoded.signature, "base64url") ? decoded.expiresAt : null;
  } catch {
    return null;
  }
}

interface CompactCache {
  session?: { session?: { id?: unknown } };
  expiresAt?: unknown;
  signature?: unknown;
}
