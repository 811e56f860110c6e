import { computeCost, normalizeUsage, type PriceEntry, resolveCost } from "@core/pricing";
import { describe, expect, it } from "vitest";

const entry = (prices: Record<string, number>): PriceEntry => ({ modelName: "m", matchPattern: "^m$", prices });

describe("computeCost", () => {
  it("prices every bucket once at its own price: never counted twice", () => {
    const usage = normalizeUsage({
      prompt_tokens: 100,
      completion_tokens: 50,
      total_tokens: 150,
      prompt_tokens_details: { cached_tokens: 40 },
      completion_tokens_details: { reasoning_tokens: 20 },
    });
    const prices = { input: 2.5e-6, output: 1e-5, cache_read_input_tokens: 1.25e-6, reasoning_tokens: 1e-5 };

    const cost = computeCost(usage, entry(prices));

    expect(cost.costDetails).toEqual({
      input: 0.00015,
      cache_read_input_tokens: 0.00005,
      output: 0.0003,
      reasoning_tokens: 0.0002,
      total: 0.0007,
    });
    expect(cost.totalCost).toBe(0.0007);
  });

  it("falls back to the input price for cache buckets and to the output price for reasoning", () => {
    const usage = {
      input: 10,
      cache_read_input_tokens: 20,
      cache_creation_input_tokens: 30,
      output: 5,
      reasoning_tokens: 7,
      total: 72,
    };

    const { costDetails } = computeCost(usage, entry({ input: 1, output: 2 }));

    expect(costDetails).toEqual({
      input: 10,
      cache_read_input_tokens: 20,
      cache_creation_input_tokens: 30,
      output: 10,
      reasoning_tokens: 14,
      total: 84,
    });
  });

  it("leaves buckets without any price and the total unpriced", () => {
    const { costDetails } = computeCost({ input: 1, image: 3, total: 4 }, entry({ input: 1e-6 }));

    expect(costDetails).toEqual({ input: 1e-6, total: 1e-6 });
  });

  it("prices extra buckets that have their own price", () => {
    const { costDetails } = computeCost({ input_audio: 100 }, entry({ input: 1e-6, input_audio: 4e-5 }));

    expect(costDetails).toEqual({ input_audio: 0.004, total: 0.004 });
  });

  it("reads price lists keyed by Langfuse aliases", () => {
    const { costDetails } = computeCost({ cache_read_input_tokens: 10 }, entry({ input: 1, input_cache_read: 0.1 }));

    expect(costDetails).toEqual({ cache_read_input_tokens: 1, total: 1 });
  });

  it("rounds away float noise", () => {
    const { costDetails, totalCost } = computeCost({ input: 1, output: 2 }, entry({ input: 0.1, output: 0.1 }));

    expect(costDetails.input! + costDetails.output!).not.toBe(0.3);
    expect(totalCost).toBe(0.3);
  });
});

describe("resolveCost", () => {
  it("keeps a cost the client sent and sums a missing total", () => {
    const result = resolveCost(
      { model: "gpt-4o", usageDetails: { input: 10 }, costDetails: { input: 0.5, output: 0.25 } },
      [],
    );

    expect(result).toEqual({
      usageDetails: { input: 10, total: 10 },
      costDetails: { input: 0.5, output: 0.25, total: 0.75 },
      totalCost: 0.75,
    });
  });

  it("takes the client's total as given", () => {
    expect(resolveCost({ model: null, costDetails: { total: 2, input: 1 } }, [])?.totalCost).toBe(2);
  });

  it("computes the cost from the price when the client sent none", () => {
    const result = resolveCost(
      { model: "gpt-4o-2024-08-06", usageDetails: { prompt_tokens: 1000, completion_tokens: 100 } },
      [],
    );

    expect(result).toEqual({
      usageDetails: { input: 1000, output: 100, total: 1100 },
      costDetails: { input: 0.0025, output: 0.001, total: 0.0035 },
      totalCost: 0.0035,
    });
  });

  it("ignores a costDetails without numbers", () => {
    expect(
      resolveCost({ model: "gpt-4o", usageDetails: { input: 1e6 }, costDetails: { note: "n/a" } }, [])?.totalCost,
    ).toBe(2.5);
  });

  it("uses project prices first", () => {
    const mine = entry({ input: 1e-3 });

    expect(resolveCost({ model: "m", usageDetails: { input: 10 } }, [mine])?.totalCost).toBe(0.01);
  });

  it("returns null when no price matches or no bucket is priced, since zero would read as free", () => {
    expect(resolveCost({ model: "unknown", usageDetails: { input: 10 } }, [])).toBeNull();
    expect(resolveCost({ model: "gpt-4o", usageDetails: {} }, [])).toBeNull();
    expect(resolveCost({ model: "gpt-4o", usageDetails: { image: 3 } }, [])).toBeNull();
    expect(resolveCost({ usageDetails: { input: 3 } }, [])).toBeNull();
  });
});
