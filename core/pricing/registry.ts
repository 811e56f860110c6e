import type { BuiltinPrice } from "./price-entry";

// Provider routing prefixes: "openai/", "models/", "us.anthropic.", "publishers/google/models/".
const PREFIX = String.raw`(?:[\w-]+[/.])*`;
// Snapshot and channel suffixes: "-2024-08-06", "-20241022", "@20241022", "-v2:0", "-preview-05-06",
// "-001", "-2411", "-latest", "-exp", ":thinking". Variants with their own price (-mini, -lite, -8b,
// -audio, -pro) are deliberately not suffixes, so they never fall through to the base model.
const SNAPSHOT = String.raw`(?:[-@:](?:\d{4}-\d{2}-\d{2}|\d{8}|\d{2}-\d{4}|\d{2}-\d{2}|\d{3,4}|latest|preview|exp|thinking|v\d+(?::\d+)?))*`;
// Open-weight models are served under many names ("-Instruct-Turbo", "-instant", "-versatile", "-v1:0").
const ANY_TAIL = String.raw`(?:[-_:.][\w.:-]*)?`;

const pattern = (core: string, tail = SNAPSHOT) => `^${PREFIX}(?:${core})${tail}$`;

/** Prices are quoted per million tokens and stored per token. */
function perMillion(input: number, output: number, cacheRead?: number, cacheWrite?: number): BuiltinPrice["prices"] {
  return {
    input: input / 1e6,
    output: output / 1e6,
    ...(cacheRead === undefined ? {} : { cache_read_input_tokens: cacheRead / 1e6 }),
    ...(cacheWrite === undefined ? {} : { cache_creation_input_tokens: cacheWrite / 1e6 }),
  };
}

const entry = (modelName: string, core: string, prices: BuiltinPrice["prices"], tail?: string): BuiltinPrice => ({
  modelName,
  matchPattern: pattern(core, tail),
  prices,
});

/**
 * List prices of major hosted models (standard tier, shortest context tier), USD per token.
 * Reasoning tokens are billed as output and fall back to the output price. Open-weight models
 * (Llama) use Together AI's serverless prices as a reference: projects hosting elsewhere
 * override them with custom prices. Order matters: the first match wins, so a variant
 * precedes its base model.
 */
export const REGISTRY: readonly BuiltinPrice[] = [
  entry("gpt-4o-mini", "gpt-4o-mini", perMillion(0.15, 0.6, 0.075)),
  entry("gpt-4o", "gpt-4o", perMillion(2.5, 10, 1.25)),
  entry("gpt-4.1-nano", String.raw`gpt-4\.1-nano`, perMillion(0.1, 0.4, 0.025)),
  entry("gpt-4.1-mini", String.raw`gpt-4\.1-mini`, perMillion(0.4, 1.6, 0.1)),
  entry("gpt-4.1", String.raw`gpt-4\.1`, perMillion(2, 8, 0.5)),
  entry("gpt-5-nano", "gpt-5-nano", perMillion(0.05, 0.4, 0.005)),
  entry("gpt-5-mini", "gpt-5-mini", perMillion(0.25, 2, 0.025)),
  entry("gpt-5.1", String.raw`gpt-5\.1(?:-chat|-codex)?`, perMillion(1.25, 10, 0.125)),
  entry("gpt-5", "gpt-5(?:-chat|-codex)?", perMillion(1.25, 10, 0.125)),
  entry("o1-mini", "o1-mini", perMillion(1.1, 4.4, 0.55)),
  entry("o1", "o1", perMillion(15, 60, 7.5)),
  entry("o3-mini", "o3-mini", perMillion(1.1, 4.4, 0.55)),
  entry("o3", "o3", perMillion(2, 8, 0.5)),
  entry("o4-mini", "o4-mini", perMillion(1.1, 4.4, 0.275)),
  entry("text-embedding-3-small", "text-embedding-3-small", perMillion(0.02, 0)),
  entry("text-embedding-3-large", "text-embedding-3-large", perMillion(0.13, 0)),
  entry("text-embedding-ada-002", "text-embedding-ada-002", perMillion(0.1, 0)),

  entry("claude-3-haiku", String.raw`claude-3-haiku`, perMillion(0.25, 1.25, 0.03, 0.3)),
  entry("claude-3-opus", String.raw`claude-3-opus`, perMillion(15, 75, 1.5, 18.75)),
  entry("claude-3-5-haiku", String.raw`claude-3[-.]5-haiku`, perMillion(0.8, 4, 0.08, 1)),
  entry("claude-3-5-sonnet", String.raw`claude-3[-.]5-sonnet`, perMillion(3, 15, 0.3, 3.75)),
  entry("claude-3-7-sonnet", String.raw`claude-3[-.]7-sonnet`, perMillion(3, 15, 0.3, 3.75)),
  entry("claude-haiku-4-5", String.raw`claude-(?:haiku-4[-.]5|4[-.]5-haiku)`, perMillion(1, 5, 0.1, 1.25)),
  entry("claude-sonnet-4-5", String.raw`claude-(?:sonnet-4[-.]5|4[-.]5-sonnet)`, perMillion(3, 15, 0.3, 3.75)),
  entry("claude-sonnet-4", String.raw`claude-(?:sonnet-4(?:[-.]0)?|4-sonnet)`, perMillion(3, 15, 0.3, 3.75)),
  entry("claude-opus-4-5", String.raw`claude-(?:opus-4[-.]5|4[-.]5-opus)`, perMillion(5, 25, 0.5, 6.25)),
  entry("claude-opus-4-1", String.raw`claude-(?:opus-4[-.]1|4[-.]1-opus)`, perMillion(15, 75, 1.5, 18.75)),
  entry("claude-opus-4", String.raw`claude-(?:opus-4(?:[-.]0)?|4-opus)`, perMillion(15, 75, 1.5, 18.75)),

  entry("gemini-1.5-flash-8b", String.raw`gemini-1\.5-flash-8b`, perMillion(0.0375, 0.15, 0.01)),
  entry("gemini-1.5-flash", String.raw`gemini-1\.5-flash`, perMillion(0.075, 0.3, 0.01875)),
  entry("gemini-1.5-pro", String.raw`gemini-1\.5-pro`, perMillion(1.25, 5, 0.3125)),
  entry("gemini-2.0-flash-lite", String.raw`gemini-2\.0-flash-lite`, perMillion(0.075, 0.3)),
  entry("gemini-2.0-flash", String.raw`gemini-2\.0-flash`, perMillion(0.1, 0.4, 0.025)),
  entry("gemini-2.5-flash-lite", String.raw`gemini-2\.5-flash-lite`, perMillion(0.1, 0.4, 0.01)),
  entry("gemini-2.5-flash", String.raw`gemini-2\.5-flash`, perMillion(0.3, 2.5, 0.03)),
  entry("gemini-2.5-pro", String.raw`gemini-2\.5-pro`, perMillion(1.25, 10, 0.125)),

  entry("mistral-large", "mistral-large", perMillion(2, 6)),
  entry("mistral-medium", String.raw`mistral-medium(?:-3(?:\.\d)?)?`, perMillion(0.4, 2)),
  entry("mistral-small", String.raw`mistral-small(?:-3(?:\.\d)?)?(?:-24b)?(?:-instruct)?`, perMillion(0.1, 0.3)),
  entry("codestral", "codestral", perMillion(0.3, 0.9)),
  entry("ministral-8b", "ministral-8b", perMillion(0.1, 0.1)),
  entry("ministral-3b", "ministral-3b", perMillion(0.04, 0.04)),

  entry("llama-3.1-8b", String.raw`(?:meta-)?llama-?v?3(?:[.-]|p)1[-:]8b`, perMillion(0.18, 0.18), ANY_TAIL),
  entry("llama-3.1-70b", String.raw`(?:meta-)?llama-?v?3(?:[.-]|p)1[-:]70b`, perMillion(0.88, 0.88), ANY_TAIL),
  entry("llama-3.1-405b", String.raw`(?:meta-)?llama-?v?3(?:[.-]|p)1[-:]405b`, perMillion(3.5, 3.5), ANY_TAIL),
  entry("llama-3.3-70b", String.raw`(?:meta-)?llama-?v?3(?:[.-]|p)3(?:[-:]70b)?`, perMillion(0.88, 0.88), ANY_TAIL),
  entry("llama-4-scout", String.raw`(?:meta-)?llama-?4[-:]scout`, perMillion(0.18, 0.59), ANY_TAIL),
  entry("llama-4-maverick", String.raw`(?:meta-)?llama-?4[-:]maverick`, perMillion(0.27, 0.85), ANY_TAIL),
];
