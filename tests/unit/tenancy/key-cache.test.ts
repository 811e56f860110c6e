import { describe, expect, it } from "vitest";
import { cachedKey, invalidateKeyCache, keyCacheGeneration, rememberKey } from "@core/tenancy/key-cache";

const key = (role: string) => ({ id: "k1", publicKey: "pk-sl-1", secretHash: "h", role, projectId: "p", orgId: "o" });

describe("in-process key cache", () => {
  it("serves a remembered key until a key write invalidates it", () => {
    invalidateKeyCache();
    rememberKey(key("ADMIN"), keyCacheGeneration());
    expect(cachedKey("pk-sl-1")?.role).toBe("ADMIN");

    invalidateKeyCache();

    expect(cachedKey("pk-sl-1")).toBeUndefined();
  });

  it("drops a read that raced a write: the row read before the write commits is never served", () => {
    invalidateKeyCache();
    const readAt = keyCacheGeneration();
    invalidateKeyCache(); // a revocation commits while the lookup is in flight

    rememberKey(key("ADMIN"), readAt);

    expect(cachedKey("pk-sl-1")).toBeUndefined();
  });
});
