import { normalizeUsage } from "@core/pricing";
import { describe, expect, it } from "vitest";

describe("normalizeUsage", () => {
  it("keeps Langfuse usageDetails, extra keys included, and sums a missing total", () => {
    const usage = normalizeUsage({ input: 10, output: 5, cache_read_input_tokens: 3, input_audio: 2 });

    expect(usage).toEqual({ input: 10, output: 5, cache_read_input_tokens: 3, input_audio: 2, total: 20 });
  });

  it("reads the legacy {input, output, total, unit} shape and keeps the given total", () => {
    expect(normalizeUsage({ input: 7, output: 3, total: 11, unit: "TOKENS" })).toEqual({
      input: 7,
      output: 3,
      total: 11,
    });
  });

  it("reads the legacy camelCase shape", () => {
    expect(normalizeUsage({ promptTokens: 12, completionTokens: 8, totalTokens: 20 })).toEqual({
      input: 12,
      output: 8,
      total: 20,
    });
  });

  it("never counts twice: OpenAI details are carved out of the counts that include them", () => {
    const raw = {
      prompt_tokens: 100,
      completion_tokens: 50,
      total_tokens: 150,
      prompt_tokens_details: { cached_tokens: 40 },
      completion_tokens_details: { reasoning_tokens: 20 },
    };

    const usage = normalizeUsage(raw);

    expect(usage).toEqual({ input: 60, cache_read_input_tokens: 40, output: 30, reasoning_tokens: 20, total: 150 });
    const { total, ...buckets } = usage;
    expect(Object.values(buckets).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it("carves the Responses API details the same way", () => {
    const raw = {
      input_tokens: 80,
      output_tokens: 30,
      input_tokens_details: { cached_tokens: 50 },
      output_tokens_details: { reasoning_tokens: 10 },
    };

    expect(normalizeUsage(raw)).toEqual({
      input: 30,
      cache_read_input_tokens: 50,
      output: 20,
      reasoning_tokens: 10,
      total: 110,
    });
  });

  it("takes Anthropic usage as already disjoint", () => {
    const raw = { input_tokens: 20, output_tokens: 10, cache_read_input_tokens: 300, cache_creation_input_tokens: 40 };

    expect(normalizeUsage(raw)).toEqual({
      input: 20,
      output: 10,
      cache_read_input_tokens: 300,
      cache_creation_input_tokens: 40,
      total: 370,
    });
  });

  it("maps every alias to its canonical bucket", () => {
    const raw = {
      input_cached_tokens: 1,
      input_cache_creation: 2,
      output_reasoning_tokens: 3,
      prompt_tokens: 4,
      output_tokens: 5,
    };

    expect(normalizeUsage(raw)).toEqual({
      cache_read_input_tokens: 1,
      cache_creation_input_tokens: 2,
      reasoning_tokens: 3,
      input: 4,
      output: 5,
      total: 15,
    });
  });

  it("lets a canonical key win over its alias instead of adding them", () => {
    expect(normalizeUsage({ prompt_tokens: 9, input: 4, input_tokens: 7 })).toEqual({ input: 4, total: 4 });
  });

  it("drops non-numeric, negative and non-finite values", () => {
    const raw = {
      input: "12",
      output: -1,
      cache_read: Number.NaN,
      reasoning: Number.POSITIVE_INFINITY,
      image: 2,
      unit: "TOKENS",
    };

    expect(normalizeUsage(raw)).toEqual({ image: 2, total: 2 });
  });

  it("returns nothing for shapes that are not usage", () => {
    expect(normalizeUsage(null)).toEqual({});
    expect(normalizeUsage(42)).toEqual({});
    expect(normalizeUsage([1, 2])).toEqual({});
    expect(normalizeUsage({ unit: "TOKENS" })).toEqual({});
  });
});
