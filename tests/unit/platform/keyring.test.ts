import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createKeyRing,
  generateRingKey,
  KeyRingError,
  keyRingFromSpec,
  parseKeyRing,
  rotateSecrets,
  type SealedRow,
} from "../../../core/platform/keyring";

const KEY_A = generateRingKey();
const KEY_B = generateRingKey();
const KEY_X = generateRingKey();

function ringError(run: () => unknown): KeyRingError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(KeyRingError);
    return error as KeyRingError;
  }
  throw new Error("expected a KeyRingError");
}

/** A table of sealed secrets as the evaluators or datasets module would keep it. */
function table(rows: SealedRow[]) {
  const store = new Map(rows.map((r) => [r.id, r.sealed]));
  const writes: string[] = [];
  return {
    store,
    writes,
    rows: async function* () {
      for (const [id, sealed] of [...store]) yield { id, sealed };
    },
    write: async (id: string, sealed: string, previous: string) => {
      expect(store.get(id)).toBe(previous);
      writes.push(id);
      store.set(id, sealed);
    },
  };
}

describe("key ring", () => {
  it("round-trips a secret under the active key, in the versioned format", () => {
    const ring = keyRingFromSpec(`a:${KEY_A}`);

    const sealed = ring.encrypt("sk-provider-ünïcode");

    expect(sealed).toMatch(/^v1:a:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(ring.keyIdOf(sealed)).toBe("a");
    expect(ring.decrypt(sealed)).toBe("sk-provider-ünïcode");
    expect(ring.decrypt(ring.encrypt(""))).toBe("");
  });

  it("uses a fresh IV for every seal", () => {
    const ring = keyRingFromSpec(`a:${KEY_A}`);

    expect(ring.encrypt("same")).not.toBe(ring.encrypt("same"));
  });

  it("detects tampering with the ciphertext, the tag, the IV or the key id", () => {
    const ring = keyRingFromSpec(`a:${KEY_A},b:${KEY_B}`);
    const sealed = ring.encrypt("secret value");
    const [version, , iv, body] = sealed.split(":") as [string, string, string, string];
    const flip = (text: string, at: number) => {
      const bytes = Buffer.from(text, "base64url");
      bytes[at]! ^= 1;
      return bytes.toString("base64url");
    };

    for (const tampered of [
      `${version}:a:${iv}:${flip(body, 0)}`,
      `${version}:a:${iv}:${flip(body, Buffer.from(body, "base64url").length - 1)}`,
      `${version}:a:${flip(iv, 0)}:${body}`,
      `${version}:b:${iv}:${body}`,
    ]) {
      expect(ringError(() => ring.decrypt(tampered)).code).toBe("decrypt_failed");
      expect(ring.canOpen(tampered)).toBe(false);
    }
    expect(ring.canOpen(sealed)).toBe(true);
  });

  it("refuses a wrong key with a typed error, never garbage", () => {
    const sealed = keyRingFromSpec(`a:${KEY_A}`).encrypt("secret");
    const impostor = keyRingFromSpec(`a:${KEY_X}`);

    const error = ringError(() => impostor.decrypt(sealed));

    expect(error.code).toBe("decrypt_failed");
    expect(error.message).toBe('Sealed secret under key "a" failed authentication: wrong key or tampered');
  });

  it("names an unknown key id and a malformed value", () => {
    const ring = keyRingFromSpec(`a:${KEY_A}`);

    expect(ringError(() => ring.decrypt(keyRingFromSpec(`z:${KEY_A}`).encrypt("s"))).message).toBe(
      'No key "z" in the key ring',
    );
    for (const bad of ["plain text", "v2:a:AAAA:BBBB", "v1:a:***:BBBB", "v1:a:AAAA", "v1:a:AAAAAAAAAAAAAAAA:AAAA"]) {
      expect(ringError(() => ring.decrypt(bad)).code).toBe("malformed_secret");
    }
    expect(ring.keyIdOf("plain text")).toBe(null);
  });

  it("rotates end to end: write under A, rotate to [B, A], read, drop A, read", async () => {
    const ringA = keyRingFromSpec(`a:${KEY_A}`);
    const secrets = table([
      { id: "provider-openai", sealed: ringA.encrypt("sk-openai") },
      { id: "runner-ds1", sealed: ringA.encrypt("whsec-1") },
    ]);

    const ringBA = keyRingFromSpec(`b:${KEY_B},a:${KEY_A}`);
    expect(ringBA.decrypt(secrets.store.get("provider-openai")!)).toBe("sk-openai");
    const report = await rotateSecrets(ringBA, secrets.rows(), secrets.write);

    expect(report).toEqual({ rewritten: 2, alreadyCurrent: 0, unreadable: [] });
    expect([...secrets.store.values()].map((s) => ringBA.keyIdOf(s))).toEqual(["b", "b"]);
    expect(ringBA.decrypt(secrets.store.get("runner-ds1")!)).toBe("whsec-1");

    const ringB = keyRingFromSpec(`b:${KEY_B}`);
    expect(ringB.decrypt(secrets.store.get("provider-openai")!)).toBe("sk-openai");
    expect(ringB.decrypt(secrets.store.get("runner-ds1")!)).toBe("whsec-1");
    expect(await rotateSecrets(ringB, secrets.rows(), secrets.write)).toEqual({
      rewritten: 0,
      alreadyCurrent: 2,
      unreadable: [],
    });
  });

  it("lists rows that no key opens and leaves them untouched", async () => {
    const ring = keyRingFromSpec(`b:${KEY_B},a:${KEY_A}`);
    const orphan = keyRingFromSpec(`lost:${KEY_X}`).encrypt("gone");
    const impostor = keyRingFromSpec(`b:${KEY_X}`).encrypt("forged");
    const secrets = table([
      { id: "old", sealed: keyRingFromSpec(`a:${KEY_A}`).encrypt("kept") },
      { id: "orphan", sealed: orphan },
      { id: "current", sealed: ring.encrypt("fine") },
      { id: "impostor", sealed: impostor },
      { id: "garbage", sealed: "not sealed" },
    ]);

    const report = await rotateSecrets(ring, secrets.rows(), secrets.write);

    expect(report).toEqual({ rewritten: 1, alreadyCurrent: 1, unreadable: ["orphan", "impostor", "garbage"] });
    expect(secrets.writes).toEqual(["old"]);
    expect(secrets.store.get("orphan")).toBe(orphan);
    expect(secrets.store.get("impostor")).toBe(impostor);
    expect(secrets.store.get("garbage")).toBe("not sealed");
  });

  it("accepts rows as a plain array and propagates a failing write", async () => {
    const ring = keyRingFromSpec(`b:${KEY_B},a:${KEY_A}`);
    const rows = [{ id: "r", sealed: keyRingFromSpec(`a:${KEY_A}`).encrypt("s") }];

    await expect(rotateSecrets(ring, rows, async () => Promise.reject(new Error("db down")))).rejects.toThrow(
      "db down",
    );
  });

  it("parses a ring with the first key active, in standard or URL-safe base64", () => {
    const raw = randomBytes(32);

    const keys = parseKeyRing(` k2:${raw.toString("base64url")} , k1:${KEY_A} `);

    expect(keys.map((k) => k.id)).toEqual(["k2", "k1"]);
    expect(keys[0]!.key.equals(raw)).toBe(true);
    expect(createKeyRing(keys).activeKeyId).toBe("k2");
  });

  it("rejects a bad ring with a clear message and no key material", () => {
    const short = randomBytes(16).toString("base64");
    const cases: [string, string][] = [
      ["", "Key ring is empty: expected id:base64key[,id:base64key...], the first key active"],
      ["   ", "Key ring is empty: expected id:base64key[,id:base64key...], the first key active"],
      [`a:${KEY_A},`, "Key ring entry 2 is empty"],
      [KEY_A, "Key ring entry 1 must be id:base64key"],
      [`:${KEY_A}`, 'Key ring entry 1 has an invalid key id "": use 1 to 64 letters, digits, _ or -'],
      [`a b:${KEY_A}`, 'Key ring entry 1 has an invalid key id "a b": use 1 to 64 letters, digits, _ or -'],
      [`a:${KEY_A},a:${KEY_B}`, 'Key ring has key id "a" twice'],
      [`a:${short}`, 'Key "a" must be 32 bytes (AES-256), got 16'],
      ["a:not base64!", 'Key "a" is not base64'],
      ["a:", 'Key "a" is not base64'],
    ];

    for (const [spec, message] of cases) {
      const error = ringError(() => keyRingFromSpec(spec));
      expect(error.code).toBe("invalid_ring");
      expect(error.message).toBe(message);
      expect(error.message).not.toContain(KEY_A);
    }
    expect(ringError(() => createKeyRing([])).message).toBe("Key ring is empty: at least one key is needed");
  });
});
