import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Whether `given` is exactly the base64 (or base64url) text of HMAC-SHA256(`value`) under `secret`, compared in
 * constant time. Text, not decoded bytes: a decoder ignores the spare bits of the last character, so several
 * spellings decode to the same bytes, and only the one the signer wrote is accepted
 * (docs/auth.md, "Sessions without the sign-in stack").
 */
export function signatureMatches(
  secret: string,
  value: string,
  given: string,
  encoding: "base64" | "base64url",
): boolean {
  const expected = Buffer.from(createHmac("sha256", secret).update(value).digest(encoding));
  const text = Buffer.from(given);
  return text.length === expected.length && timingSafeEqual(text, expected);
}
