import { builtinModelPrices, ModelPrice, ModelPriceInput, REGISTRY } from "@core/pricing";
import { describe, expect, it } from "vitest";

describe("ModelPriceInput", () => {
  it("accepts a price and defaults the unit to tokens", () => {
    const parsed = ModelPriceInput.parse({
      modelName: "acme-1",
      matchPattern: "^acme-1$",
      prices: { input: 1e-6, output: 0 },
    });

    expect(parsed).toEqual({
      modelName: "acme-1",
      matchPattern: "^acme-1$",
      prices: { input: 1e-6, output: 0 },
      unit: "TOKENS",
    });
  });

  it("rejects a pattern that does not compile, with a readable message", () => {
    const result = ModelPriceInput.safeParse({ modelName: "acme", matchPattern: "(acme", prices: { input: 1 } });

    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["matchPattern"], message: "matchPattern is not a valid regular expression" }),
    ]);
  });

  it("rejects empty, negative and non-finite prices, long names and other units", () => {
    const base = { modelName: "acme", matchPattern: "^acme$", prices: { input: 1 } };

    expect(ModelPriceInput.safeParse({ ...base, prices: {} }).success).toBe(false);
    expect(ModelPriceInput.safeParse({ ...base, prices: { input: -1 } }).success).toBe(false);
    expect(ModelPriceInput.safeParse({ ...base, prices: { input: Number.POSITIVE_INFINITY } }).success).toBe(false);
    expect(ModelPriceInput.safeParse({ ...base, modelName: "" }).success).toBe(false);
    expect(ModelPriceInput.safeParse({ ...base, modelName: "x".repeat(201) }).success).toBe(false);
    expect(ModelPriceInput.safeParse({ ...base, unit: "CHARACTERS" }).success).toBe(false);
  });
});

describe("ModelPrice", () => {
  it("describes every built-in entry", () => {
    const prices = builtinModelPrices();

    expect(prices).toHaveLength(REGISTRY.length);
    for (const price of prices) expect(ModelPrice.parse(price)).toEqual(price);
    expect(prices[0]).toMatchObject({ id: "builtin:gpt-4o-mini", source: "builtin", unit: "TOKENS" });
  });
});
