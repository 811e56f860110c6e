import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { AppError } from "@core/platform/errors";
import { generateRingKey, type KeyRing, keyRingFromSpec } from "@core/platform/keyring";
import type { Env } from "./env";

const KEY_RING_FILE = "keyring";

/** A ring that refuses every use: AWS without SIGHTLINE_KEY_RING still serves everything but stored secrets. */
function missingKeyRing(): KeyRing {
  const refuse = (): never => {
    throw new AppError(
      "unavailable",
      "No key ring is configured: set SIGHTLINE_KEY_RING (on AWS in the stage's secret) to store secrets",
    );
  };
  return {
    activeKeyId: "",
    keyIds: [],
    encrypt: refuse,
    decrypt: refuse,
    canOpen: () => false,
    keyIdOf: () => null,
    deriveKey: refuse,
  };
}

/**
 * The key ring that seals stored secrets: `SIGHTLINE_KEY_RING` when set. Otherwise, with `persist` (the
 * single-process runtime and its commands), the ring in `<data dir>/keyring`, made on first start with one
 * random key and file mode 0600, and reused after; without it, a ring that refuses to seal or open.
 * @throws KeyRingError `invalid_ring` for a malformed ring, naming the entry and never the key.
 */
export async function openKeyRing(env: Env, options: { persist: boolean }): Promise<KeyRing> {
  if (env.SIGHTLINE_KEY_RING) return keyRingFromSpec(env.SIGHTLINE_KEY_RING);
  if (!options.persist) return missingKeyRing();
  const file = join(resolve(env.SIGHTLINE_DATA_DIR), KEY_RING_FILE);
  try {
    return keyRingFromSpec(await readFile(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dirname(file), { recursive: true });
  try {
    // `wx`: a second process starting at the same moment keeps the first one's ring.
    await writeFile(file, `k1:${generateRingKey()}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return keyRingFromSpec(await readFile(file, "utf8"));
}
