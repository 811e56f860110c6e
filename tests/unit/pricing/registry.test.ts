import { compileMatchPattern, matchPrice, REGISTRY } from "@core/pricing";
import { describe, expect, it } from "vitest";

const SAMPLES: Array<[string, string | null]> = [
  ["gpt-4o-2024-08-06", "gpt-4o"],
  ["openai/gpt-4o-mini", "gpt-4o-mini"],
  ["gpt-4o-mini-2024-07-18", "gpt-4o-mini"],
  ["azure/gpt-4o", "gpt-4o"],
  ["GPT-4O", "gpt-4o"],
  ["gpt-4.1-2025-04-14", "gpt-4.1"],
  ["gpt-4.1-mini-2025-04-14", "gpt-4.1-mini"],
  ["gpt-4.1-nano", "gpt-4.1-nano"],
  ["o1-2024-12-17", "o1"],
  ["o1-mini", "o1-mini"],
  ["o3-2025-04-16", "o3"],
  ["o3-mini-2025-01-31", "o3-mini"],
  ["o4-mini-2025-04-16", "o4-mini"],
  ["gpt-5-2025-08-07", "gpt-5"],
  ["gpt-5-chat-latest", "gpt-5"],
  ["gpt-5-mini-2025-08-07", "gpt-5-mini"],
  ["gpt-5-nano", "gpt-5-nano"],
  ["text-embedding-3-small", "text-embedding-3-small"],
  ["text-embedding-3-large", "text-embedding-3-large"],
  ["claude-3-5-sonnet-20241022", "claude-3-5-sonnet"],
  ["anthropic.claude-3-5-sonnet-20241022-v2:0", "claude-3-5-sonnet"],
  ["claude-3-5-sonnet-v2@20241022", "claude-3-5-sonnet"],
  ["anthropic/claude-3.5-sonnet", "claude-3-5-sonnet"],
  ["claude-3-5-haiku-latest", "claude-3-5-haiku"],
  ["us.anthropic.claude-3-7-sonnet-20250219-v1:0", "claude-3-7-sonnet"],
  ["anthropic/claude-3.7-sonnet:thinking", "claude-3-7-sonnet"],
  ["claude-sonnet-4-20250514", "claude-sonnet-4"],
  ["claude-sonnet-4-0", "claude-sonnet-4"],
  ["claude-sonnet-4-5-20250929", "claude-sonnet-4-5"],
  ["claude-opus-4-20250514", "claude-opus-4"],
  ["claude-opus-4-1-20250805", "claude-opus-4-1"],
  ["claude-haiku-4-5-20251001", "claude-haiku-4-5"],
  ["gemini-2.5-pro-preview-05-06", "gemini-2.5-pro"],
  ["models/gemini-1.5-pro-002", "gemini-1.5-pro"],
  ["gemini-1.5-flash-latest", "gemini-1.5-flash"],
  ["gemini-1.5-flash-8b-001", "gemini-1.5-flash-8b"],
  ["google/gemini-2.0-flash-001", "gemini-2.0-flash"],
  ["gemini-2.0-flash-lite-preview-02-05", "gemini-2.0-flash-lite"],
  ["gemini-2.5-flash-preview-09-2025", "gemini-2.5-flash"],
  ["gemini-2.5-flash-lite", "gemini-2.5-flash-lite"],
  ["mistral-large-2411", "mistral-large"],
  ["mistral.mistral-large-2407-v1:0", "mistral-large"],
  ["mistral-small-latest", "mistral-small"],
  ["codestral-2501", "codestral"],
  ["ministral-8b-latest", "ministral-8b"],
  ["ministral-3b-2410", "ministral-3b"],
  ["meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo", "llama-3.1-8b"],
  ["meta.llama3-1-70b-instruct-v1:0", "llama-3.1-70b"],
  ["accounts/fireworks/models/llama-v3p1-405b-instruct", "llama-3.1-405b"],
  ["llama-3.3-70b-versatile", "llama-3.3-70b"],
  ["llama3.3:latest", "llama-3.3-70b"],
  ["meta-llama/Llama-4-Scout-17B-16E-Instruct", "llama-4-scout"],
  ["meta-llama/llama-4-maverick-17b-128e-instruct", "llama-4-maverick"],
  // Variants with their own price must not fall through to the base model.
  ["gpt-4o-audio-preview", null],
  ["gpt-5-pro", null],
  ["o1-pro", null],
  ["ft:gpt-4o-mini-2024-07-18:acme::abc123", null],
  ["gemini-2.5-flash-image", null],
  ["my-own-model", null],
];

describe("built-in price registry", () => {
  it("compiles every pattern", () => {
    for (const entry of REGISTRY)
      expect(compileMatchPattern(entry.matchPattern), entry.modelName).toBeInstanceOf(RegExp);
  });

  it("anchors every pattern", () => {
    for (const entry of REGISTRY) expect(entry.matchPattern).toMatch(/^\^.*\$$/);
  });

  it("prices per token, with input and output on every entry", () => {
    for (const { modelName, prices } of REGISTRY) {
      for (const price of Object.values(prices)) expect(price, modelName).toBeGreaterThanOrEqual(0);
      expect(prices.input, modelName).toBeLessThan(1e-4);
      expect(prices.output, modelName).toBeLessThan(1e-3);
    }
  });

  it("has one entry per model name", () => {
    const names = REGISTRY.map((e) => e.modelName);

    expect(new Set(names).size).toBe(names.length);
  });

  it.each(SAMPLES)("resolves %s to %s", (model, expected) => {
    expect(matchPrice(model, [])?.entry.modelName ?? null).toBe(expected);
  });

  it("lets no entry shadow another: each sample and each model name matches exactly one pattern", () => {
    const names = [...SAMPLES.filter(([, e]) => e !== null).map(([m]) => m), ...REGISTRY.map((e) => e.modelName)];

    const ambiguous = names
      .map((name) => ({
        name,
        matches: REGISTRY.filter((e) => compileMatchPattern(e.matchPattern)!.test(name)).map((e) => e.modelName),
      }))
      .filter((r) => r.matches.length !== 1);

    expect(ambiguous).toEqual([]);
  });

  it("knows the list prices of the flagship models", () => {
    const price = (model: string) => matchPrice(model, [])!.entry.prices;

    expect(price("gpt-4o")).toMatchObject({ input: 2.5e-6, output: 1e-5, cache_read_input_tokens: 1.25e-6 });
    expect(price("claude-3-5-sonnet-20241022")).toMatchObject({
      input: 3e-6,
      output: 1.5e-5,
      cache_read_input_tokens: 3e-7,
      cache_creation_input_tokens: 3.75e-6,
    });
    expect(price("gemini-2.5-pro")).toMatchObject({ input: 1.25e-6, output: 1e-5 });
  });
});
