import { createHash } from "node:crypto";

/**
 * A UUID-shaped id that is the same for the same parts: the first 128 bits of SHA-256 over the parts joined by
 * NUL. Written scores use it so a retry, a redelivery or a re-run overwrites instead of adding.
 */
export function stableUuid(...parts: readonly string[]): string {
  const hex = createHash("sha256").update(parts.join("\u0000")).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
