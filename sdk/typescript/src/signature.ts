export const SIGNATURE_HEADER = "x-service-signature";
export const TIMESTAMP_HEADER = "x-service-timestamp";

export interface VerifyOptions {
  /** Largest accepted distance between the timestamp and now, either way (default 300 s). */
  toleranceSeconds?: number;
  /** The verifier's clock (default the system's). */
  now?: Date;
}

const encoder = new TextEncoder();

/** Bytes of a hex string of even length, or null when it is not one. */
function hexBytes(hex: string) {
  if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function concat(a: Uint8Array, b: Uint8Array) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * True when `signature` is the hex HMAC-SHA256 of `<timestamp>.<rawBody>` keyed with `secret`, and the
 * timestamp (whole Unix seconds) is within `toleranceSeconds` (300) of now. Pass the body exactly as
 * received: JSON parsed and serialised again does not verify. Asynchronous because it uses Web Crypto,
 * so it runs in Node, browsers and edge runtimes alike; `crypto.subtle.verify` compares in constant time.
 */
export async function verifySignature(
  secret: string,
  timestamp: string | number | undefined | null,
  rawBody: string | Uint8Array,
  signature: string | undefined | null,
  toleranceSecondsOrOptions: number | VerifyOptions = {},
): Promise<boolean> {
  const options =
    typeof toleranceSecondsOrOptions === "number"
      ? { toleranceSeconds: toleranceSecondsOrOptions }
      : toleranceSecondsOrOptions;
  if (!secret || timestamp === undefined || timestamp === null || !signature) return false;
  const ts =
    typeof timestamp === "number" ? timestamp : /^\d+$/.test(timestamp.trim()) ? Number(timestamp.trim()) : NaN;
  if (!Number.isSafeInteger(ts)) return false;
  const nowMs = options.now?.getTime() ?? Date.now();
  if (Math.abs(Math.floor(nowMs / 1000) - ts) > (options.toleranceSeconds ?? 300)) return false;
  const given = hexBytes(signature.trim());
  if (given?.length !== 32) return false;
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "verify",
  ]);
  const body = typeof rawBody === "string" ? encoder.encode(rawBody) : rawBody;
  return crypto.subtle.verify("HMAC", key, given, concat(encoder.encode(`${ts}.`), body));
}
