import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The CSRF token of a session: an HMAC of its id under the auth secret, so it is bound to the session and
 * needs no storage (docs/auth.md, "CSRF").
 */
export const csrfTokenOf = (secret: string, sessionId: string) =>
  createHmac("sha256", secret).update(`csrf:${sessionId}`).digest("base64url");

/** True when `given` equals `expected` (compared in constant time); an empty expectation matches nothing. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
