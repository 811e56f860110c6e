import { createHmac } from "node:crypto";

/**
 * Signatures of outbound requests (runner triggers now, webhooks later; docs/datasets.md, "Remote runs"):
 * `X-Service-Timestamp` is Unix seconds, `X-Service-Signature` the lowercase hex HMAC-SHA256 keyed
 * with the signing secret over `<timestamp>.<raw body>`.
 */

export const SIGNATURE_HEADER = "X-Service-Signature";
export const TIMESTAMP_HEADER = "X-Service-Timestamp";

/** Lowercase hex HMAC-SHA256 of `<timestamp>.<body>` keyed with `secret`. */
export function signPayload(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The two headers that sign `body` at `now`. */
export function signatureHeaders(secret: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return { [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signPayload(secret, timestamp, body) };
}
