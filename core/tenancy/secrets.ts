import { createHash, timingSafeEqual } from "node:crypto";
import type { Ids } from "../platform/ports";

/**
 * Secrets are 192 random bits, so a single SHA-256 is enough to make a leaked
 * table useless, and it keeps authentication under a millisecond (a slow KDF
 * would put tens of milliseconds on every API call).
 */
export const hashSecret = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex");

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(presented), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export const mintKeyPair = (ids: Pick<Ids, "token">) => ({
  publicKey: `pk-sl-${ids.token(18)}`,
  secretKey: `sk-sl-${ids.token(24)}`,
});

export const secretHint = (secret: string) => secret.slice(-4);
