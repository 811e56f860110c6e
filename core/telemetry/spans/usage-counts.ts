import { numberOf } from "./attribute-reader";

/**
 * Usage in Sightline's canonical, DISJOINT buckets: `input` excludes cached
 * input tokens and `output` excludes reasoning tokens, so pricing each bucket
 * never counts a token twice.
 */
export type UsageDetails = Record<string, number>;

/** Assigning this key would set the prototype instead of a count. */
const UNSAFE_KEY = "__proto__";

/** GenAI semconv counts, as sent: input includes cache reads and writes, output includes reasoning. */
export interface GenAiUsageCounts {
  inputTokens?: number;
  outputTokens?: number;
  cacheReadTokens?: number;
  cacheCreationTokens?: number;
  reasoningTokens?: number;
}

export function usageFromGenAi(c: GenAiUsageCounts): UsageDetails | undefined {
  const out: UsageDetails = {};
  const cached = (c.cacheReadTokens ?? 0) + (c.cacheCreationTokens ?? 0);
  // Never below zero: a sender that already excluded the cache must not go negative.
  if (c.inputTokens !== undefined) out.input = Math.max(0, c.inputTokens - cached);
  if (c.outputTokens !== undefined) out.output = Math.max(0, c.outputTokens - (c.reasoningTokens ?? 0));
  if (c.cacheReadTokens !== undefined) out.cache_read_input_tokens = c.cacheReadTokens;
  if (c.cacheCreationTokens !== undefined) out.cache_creation_input_tokens = c.cacheCreationTokens;
  if (c.reasoningTokens !== undefined) out.reasoning_tokens = c.reasoningTokens;
  return withTotal(out);
}

/** Aliases Langfuse SDKs and users send for the canonical keys (flat keys are taken as disjoint). */
const ALIASES = new Map([
  ["prompt_tokens", "input"],
  ["input_tokens", "input"],
  ["promptTokens", "input"],
  ["completion_tokens", "output"],
  ["output_tokens", "output"],
  ["completionTokens", "output"],
  ["total_tokens", "total"],
  ["totalTokens", "total"],
  ["input_cached_tokens", "cache_read_input_tokens"],
  ["cached_tokens", "cache_read_input_tokens"],
  ["input_cache_creation", "cache_creation_input_tokens"],
  ["output_reasoning_tokens", "reasoning_tokens"],
]);

/**
 * Langfuse `usage_details`: keys are kept (custom units are priced by name) with
 * aliases folded into the canonical names. OpenAI's nested
 * `prompt_tokens_details.cached_tokens` / `completion_tokens_details.reasoning_tokens`
 * (and the Responses API's `input_/output_tokens_details`) are inclusive by
 * OpenAI's definition, so they are split out of input/output here.
 */
export function normalizeUsageDetails(raw: unknown): UsageDetails | undefined {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const out: UsageDetails = {};
  let nestedCached = 0;
  let nestedReasoning = 0;
  // Canonical keys first, so an alias sent alongside its canonical key is not added twice.
  const entries = Object.entries(raw as Record<string, unknown>).sort(
    ([a], [b]) => Number(ALIASES.has(a)) - Number(ALIASES.has(b)),
  );
  for (const [key, value] of entries) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const details = value as Record<string, unknown>;
      if (key === "prompt_tokens_details" || key === "input_tokens_details")
        nestedCached += numberOf(details.cached_tokens) ?? 0;
      if (key === "completion_tokens_details" || key === "output_tokens_details")
        nestedReasoning += numberOf(details.reasoning_tokens) ?? 0;
      continue;
    }
    const n = numberOf(value);
    if (n === undefined || n < 0 || key === UNSAFE_KEY) continue;
    const name = ALIASES.get(key) ?? key;
    if (!Object.hasOwn(out, name)) out[name] = n;
  }
  if (nestedCached > 0) {
    out.input = Math.max(0, (out.input ?? 0) - nestedCached);
    out.cache_read_input_tokens = (out.cache_read_input_tokens ?? 0) + nestedCached;
  }
  if (nestedReasoning > 0) {
    out.output = Math.max(0, (out.output ?? 0) - nestedReasoning);
    out.reasoning_tokens = (out.reasoning_tokens ?? 0) + nestedReasoning;
  }
  return withTotal(out);
}

/** A sent total is kept; otherwise it is the sum of the (disjoint) buckets. */
function withTotal(usage: UsageDetails): UsageDetails | undefined {
  const keys = Object.keys(usage).filter((k) => k !== "total");
  if (keys.length === 0 && usage.total === undefined) return undefined;
  if (usage.total === undefined) usage.total = keys.reduce((sum, k) => sum + usage[k]!, 0);
  return usage;
}

/** Cost details: numbers only, keys as sent (the given cost wins over computed cost downstream). */
export function costDetailsOf(raw: unknown): Record<string, number> | undefined {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const n = numberOf(value);
    if (n !== undefined && key !== UNSAFE_KEY) out[key] = n;
  }
  return Object.keys(out).length ? out : undefined;
}
