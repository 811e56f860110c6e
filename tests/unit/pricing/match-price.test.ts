import { matchPrice, type PriceEntry, REGISTRY } from "@core/pricing";
import { describe, expect, it } from "vitest";

const custom = (matchPattern: string, modelName = "custom"): PriceEntry => ({
  modelName,
  matchPattern,
  prices: { input: 1e-6, output: 2e-6 },
});

describe("matchPrice", () => {
  it("lets a project's price win over the built-in one", () => {
    const mine = custom("^gpt-4o$", "my-gpt-4o");

    expect(matchPrice("gpt-4o", [mine])).toEqual({ source: "custom", entry: mine });
  });

  it("falls back to the built-in registry", () => {
    const match = matchPrice("gpt-4o-2024-08-06", [custom("^claude")]);

    expect(match?.source).toBe("builtin");
    expect(match?.entry.modelName).toBe("gpt-4o");
  });

  it("takes the first matching custom entry", () => {
    const first = custom("^gpt", "first");

    expect(matchPrice("gpt-4o", [first, custom("gpt-4o", "second")])?.entry).toBe(first);
  });

  it("matches custom patterns case-insensitively and accepts Langfuse's (?i) prefix", () => {
    expect(matchPrice("My-Model", [custom("^my-model$")])?.source).toBe("custom");
    expect(matchPrice("my-model", [custom("(?i)^(acme/)?my-model$")])?.source).toBe("custom");
  });

  it("skips an invalid custom regex instead of throwing", () => {
    const good = custom("^my-model$", "good");

    expect(matchPrice("my-model", [custom("(unclosed"), good])?.entry).toBe(good);
    expect(matchPrice("gpt-4o", [custom("[")])?.source).toBe("builtin");
  });

  it("returns null for unknown or empty model names", () => {
    expect(matchPrice("unknown-model", [])).toBeNull();
    expect(matchPrice("", [])).toBeNull();
    expect(matchPrice("gpt-4o", [], [])).toBeNull();
  });

  it("accepts an injected built-in list", () => {
    const entry = REGISTRY.find((e) => e.modelName === "o3")!;

    expect(matchPrice("o3", [], [entry])?.entry).toBe(entry);
  });
});
