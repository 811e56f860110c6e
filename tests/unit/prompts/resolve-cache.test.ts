import { describe, expect, it } from "vitest";
import { ResolveCache } from "@core/prompts/resolve-cache";

describe("ResolveCache", () => {
  it("serves an entry only at the generation it was stored with", () => {
    const cache = new ResolveCache<string>();
    cache.set("k", 3, "v");

    expect([cache.has("k"), cache.has("other")]).toEqual([true, false]);
    expect(cache.get("k", 3)).toBe("v");
    expect(cache.get("k", 4)).toBeUndefined();
    expect(cache.get("k", 3)).toBeUndefined();
  });

  it("evicts the least recently used entry beyond its size", () => {
    const cache = new ResolveCache<string>(2);
    cache.set("a", 1, "A");
    cache.set("b", 1, "B");
    cache.get("a", 1);

    cache.set("c", 1, "C");

    expect([cache.get("a", 1), cache.get("b", 1), cache.get("c", 1)]).toEqual(["A", undefined, "C"]);
  });
});
