import { Caches, GenerationCache } from "@core/platform/cache";
import { describe, expect, it } from "vitest";

describe("GenerationCache", () => {
  it("serves an entry only under the generation it was stored with, and drops it otherwise", () => {
    const cache = new GenerationCache<string>();
    cache.set("k", 1, "v");

    expect(cache.get("k", 1)).toBe("v");
    expect(cache.get("k", 2)).toBeUndefined();
    expect(cache.has("k")).toBe(false);
  });

  it("evicts the least recently used entry beyond its bound", () => {
    const cache = new GenerationCache<number>(2);
    cache.set("a", 0, 1);
    cache.set("b", 0, 2);
    cache.get("a", 0);
    cache.set("c", 0, 3);

    expect(cache.has("a")).toBe(true);
    expect(cache.has("b")).toBe(false);
    expect(cache.size).toBe(2);
  });
});

describe("Caches", () => {
  it("never serves, after a write, an entry read before it", async () => {
    const caches = new Caches();
    const cache = caches.of<string>("keys");
    cache.set("pk", caches.generation("keys"), "ADMIN");

    await caches.write("keys", async () => "revoked");

    expect(cache.get("pk", caches.generation("keys"))).toBeUndefined();
  });

  it("never serves an entry read while a write was in flight, even one that committed after the read began", async () => {
    const caches = new Caches();
    const cache = caches.of<string>("keys");
    let commit!: () => void;
    const writing = caches.write("keys", () => new Promise<void>((resolve) => (commit = resolve)));
    const readAt = caches.generation("keys"); // a lookup starts during the write and reads the old row
    cache.set("pk", readAt, "ADMIN");
    commit();
    await writing;

    expect(cache.get("pk", caches.generation("keys"))).toBeUndefined();
  });

  it("moves the generation even when the write fails, and keeps the caches of two stores apart", async () => {
    const caches = new Caches();
    const before = caches.generation("s");
    await expect(caches.write("s", async () => Promise.reject(new Error("rolled back")))).rejects.toThrow(
      "rolled back",
    );

    expect(caches.generation("s")).toBeGreaterThan(before);
    expect(new Caches().of("keys")).not.toBe(caches.of("keys"));
  });

  it("shares generations with another thread's caches, never their entries: a write on either side moves both", async () => {
    const api = new Caches();
    const worker = Caches.sharing(api.generations);
    const entries = worker.of<string[]>("automations");
    entries.set("p1", worker.generation("automations:p1"), []);

    await api.write("automations:p1", async () => "created");

    expect(entries.get("p1", worker.generation("automations:p1"))).toBeUndefined();
    expect(worker.of("automations")).not.toBe(api.of("automations"));
    const seen = api.generation("automations:p1");
    await worker.write("automations:p1", async () => "deleted");
    expect(api.generation("automations:p1")).not.toBe(seen);
    expect(new Caches().generation("automations:p1")).toBe(0);
  });

  it("keeps the generation memory shareable across threads (structured clone keeps a SharedArrayBuffer shared)", () => {
    const api = new Caches();
    const clone = Caches.sharing(structuredClone(api.generations));
    const before = clone.generation("keys");
    void api.write("keys", async () => undefined);
    expect(clone.generation("keys")).toBe(before + 1);
  });
});
