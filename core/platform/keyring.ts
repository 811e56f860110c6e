import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets at rest (provider keys, runner, automation and sink secrets) under a key ring (docs/secrets.md):
 * AES-256-GCM, the first key of the ring is active, every key still decrypts. See docs/secrets.md.
 */

export type KeyRingErrorCode = "invalid_ring" | "malformed_secret" | "unknown_key" | "decrypt_failed";

/**
 * A ring that cannot be built, or a sealed secret the ring cannot open. Not an AppError: neither is the
 * client's doing, so the transport answers 500 and the operator reads the log.
 */
export class KeyRingError extends Error {
  constructor(
    readonly code: KeyRingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "KeyRingError";
  }
}

export interface RingKey {
  id: string;
  /** 32 bytes. */
  key: Buffer;
}

export interface KeyRing {
  readonly activeKeyId: string;
  readonly keyIds: readonly string[];
  /** Seals under the active key as `v1:<keyId>:<iv>:<ciphertext+tag>` (base64url, 12-byte random IV). */
  encrypt(plaintext: string): string;
  /** @throws KeyRingError `malformed_secret`, `unknown_key` or `decrypt_failed`; never returns garbage. */
  decrypt(sealed: string): string;
  canOpen(sealed: string): boolean;
  /** The key id a sealed secret names, or null when the text is not a sealed secret. */
  keyIdOf(sealed: string): string | null;
  /**
   * A 32-byte key for one purpose (HKDF-SHA256 of the active key), e.g. the MAC of local upload URLs
   * (docs/media.md). It changes when the active key does, which ends what it signed.
   */
  deriveKey(purpose: string): Buffer;
}

const VERSION = "v1";
const KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

const ringError = (message: string) => new KeyRingError("invalid_ring", message);

/**
 * Parses ring configuration `k2:<base64 key>,k1:<base64 key>`: comma-separated `id:key`, 32-byte keys in
 * standard or URL-safe base64, first active. Messages never include key material.
 * @throws KeyRingError `invalid_ring`
 */
export function parseKeyRing(spec: string): RingKey[] {
  const trimmed = spec.trim();
  if (trimmed === "")
    throw ringError("Key ring is empty: expected id:base64key[,id:base64key...], the first key active");
  return trimmed.split(",").map((entry, index) => {
    const text = entry.trim();
    const colon = text.indexOf(":");
    if (text === "") throw ringError(`Key ring entry ${index + 1} is empty`);
    if (colon < 0) throw ringError(`Key ring entry ${index + 1} must be id:base64key`);
    const id = text.slice(0, colon);
    const encoded = text.slice(colon + 1);
    checkId(id, index);
    if (!BASE64.test(encoded)) throw ringError(`Key "${id}" is not base64`);
    return { id, key: Buffer.from(encoded.replace(/-/g, "+").replace(/_/g, "/"), "base64") };
  });
}

function checkId(id: string, index: number) {
  if (!KEY_ID.test(id))
    throw ringError(
      `Key ring entry ${index + 1} has an invalid key id ${JSON.stringify(id.slice(0, 70))}: use 1 to 64 letters, digits, _ or -`,
    );
}

/** A fresh random key in the ring's base64 form, for `id:<key>` entries. */
export const generateRingKey = () => randomBytes(32).toString("base64");

/** Builds the ring; the first key is active. @throws KeyRingError `invalid_ring` */
export function createKeyRing(keys: readonly RingKey[]): KeyRing {
  if (keys.length === 0) throw ringError("Key ring is empty: at least one key is needed");
  const byId = new Map<string, Buffer>();
  keys.forEach(({ id, key }, index) => {
    checkId(id, index);
    if (byId.has(id)) throw ringError(`Key ring has key id "${id}" twice`);
    if (key.length !== 32) throw ringError(`Key "${id}" must be 32 bytes (AES-256), got ${key.length}`);
    byId.set(id, Buffer.from(key));
  });
  const active = keys[0]!.id;

  function parts(sealed: string) {
    const fields = sealed.split(":");
    if (fields.length !== 4 || fields[0] !== VERSION || !KEY_ID.test(fields[1]!)) return null;
    return { keyId: fields[1]!, iv: fields[2]!, body: fields[3]! };
  }

  function decrypt(sealed: string): string {
    const p = parts(sealed);
    if (!p || !BASE64URL.test(p.iv) || !BASE64URL.test(p.body)) {
      throw new KeyRingError("malformed_secret", "Sealed secret is not in the v1:<keyId>:<iv>:<ciphertext> format");
    }
    const key = byId.get(p.keyId);
    if (!key) throw new KeyRingError("unknown_key", `No key "${p.keyId}" in the key ring`);
    const iv = Buffer.from(p.iv, "base64url");
    const body = Buffer.from(p.body, "base64url");
    if (iv.length !== IV_BYTES || body.length < TAG_BYTES)
      throw new KeyRingError("malformed_secret", "Sealed secret has a wrong IV or ciphertext length");
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      // The header is authenticated too, so a secret cannot be relabelled to another key id or version.
      decipher.setAAD(Buffer.from(`${VERSION}:${p.keyId}`));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
        "utf8",
      );
    } catch {
      throw new KeyRingError(
        "decrypt_failed",
        `Sealed secret under key "${p.keyId}" failed authentication: wrong key or tampered`,
      );
    }
  }

  return {
    activeKeyId: active,
    keyIds: keys.map((k) => k.id),
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", byId.get(active)!, iv);
      cipher.setAAD(Buffer.from(`${VERSION}:${active}`));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}:${active}:${iv.toString("base64url")}:${body.toString("base64url")}`;
    },
    decrypt,
    canOpen(sealed) {
      try {
        decrypt(sealed);
        return true;
      } catch (error) {
        if (error instanceof KeyRingError) return false;
        throw error;
      }
    },
    keyIdOf: (sealed) => parts(sealed)?.keyId ?? null,
    deriveKey: (purpose) =>
      Buffer.from(hkdfSync("sha256", byId.get(active)!, Buffer.alloc(0), `sightline:${purpose}`, 32)),
  };
}

/** Shorthand for `createKeyRing(parseKeyRing(spec))`. @throws KeyRingError `invalid_ring` */
export const keyRingFromSpec = (spec: string) => createKeyRing(parseKeyRing(spec));

export interface SealedRow {
  id: string;
  sealed: string;
}

export interface RotationReport {
  rewritten: number;
  alreadyCurrent: number;
  /** Ids of rows that no key of the ring opens; they were left untouched. */
  unreadable: string[];
}

/**
 * Re-seals every row under the ring's active key, one table at a time (the caller supplies rows and the
 * write). Rows already under the active key are only checked; rows no key opens are listed and untouched.
 * `write` receives the previous sealed value so it can update conditionally and not clobber a concurrent save.
 * Errors of `write` propagate: a half-done rotation is safe to re-run, since every row stays readable.
 */
export async function rotateSecrets(
  ring: KeyRing,
  rows: Iterable<SealedRow> | AsyncIterable<SealedRow>,
  write: (id: string, sealed: string, previous: string) => Promise<void>,
): Promise<RotationReport> {
  const report: RotationReport = { rewritten: 0, alreadyCurrent: 0, unreadable: [] };
  for await (const row of rows) {
    let plaintext: string;
    try {
      plaintext = ring.decrypt(row.sealed);
    } catch (error) {
      if (!(error instanceof KeyRingError)) throw error;
      report.unreadable.push(row.id);
      continue;
    }
    if (ring.keyIdOf(row.sealed) === ring.activeKeyId) {
      report.alreadyCurrent++;
      continue;
    }
    await write(row.id, ring.encrypt(plaintext), row.sealed);
    report.rewritten++;
  }
  return report;
}
