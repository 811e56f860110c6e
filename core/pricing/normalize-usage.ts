const ALIASES: Record<string, string> = {
  prompt_tokens: "input",
  input_tokens: "input",
  promptTokens: "input",
  completion_tokens: "output",
  output_tokens: "output",
  completionTokens: "output",
  input_cached_tokens: "cache_read_input_tokens",
  cached_tokens: "cache_read_input_tokens",
  input_cache_read: "cache_read_input_tokens",
  cache_read: "cache_read_input_tokens",
  input_cache_creation: "cache_creation_input_tokens",
  cache_creation: "cache_creation_input_tokens",
  output_reasoning_tokens: "reasoning_tokens",
  output_reasoning: "reasoning_tokens",
  reasoning: "reasoning_tokens",
  total_tokens: "total",
  totalTokens: "total",
};

/**
 * OpenAI reports cached and reasoning tokens as details of counts that already
 * include them (Chat Completions: prompt/completion, Responses API: input/output).
 */
const INCLUSIVE_DETAILS: Record<string, { parent: string; buckets: Record<string, string> }> = {
  prompt_tokens_details: {
    parent: "input",
    buckets: { cached_tokens: "cache_read_input_tokens", audio_tokens: "input_audio" },
  },
  input_tokens_details: {
    parent: "input",
    buckets: { cached_tokens: "cache_read_input_tokens", audio_tokens: "input_audio" },
  },
  completion_tokens_details: {
    parent: "output",
    buckets: { reasoning_tokens: "reasoning_tokens", audio_tokens: "output_audio" },
  },
  output_tokens_details: {
    parent: "output",
    buckets: { reasoning_tokens: "reasoning_tokens", audio_tokens: "output_audio" },
  },
};

/** The canonical usage key for a client's key (`prompt_tokens` → `input`); unknown keys pass through. */
export function canonicalUsageKey(key: string): string {
  return Object.hasOwn(ALIASES, key) ? ALIASES[key]! : key;
}

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

/**
 * Turns any usage shape a client sends into disjoint canonical buckets.
 *
 * Never counted twice: every token lands in exactly one bucket, so pricing can
 * sum buckets blindly. Hence (1) a canonical key wins over an alias of it rather
 * than adding to it, and (2) OpenAI's nested details are carved out of the count
 * that includes them (100 prompt of which 40 cached → input 60, cache_read 40).
 * `total` is the client's total when given, else the sum of the buckets.
 */
export function normalizeUsage(raw: unknown): Record<string, number> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return {};
  const source = raw as Record<string, unknown>;
  const usage: Record<string, number> = {};

  for (const [key, value] of Object.entries(source)) {
    if (!isCount(value) || Object.hasOwn(INCLUSIVE_DETAILS, key)) continue;
    const canonical = canonicalUsageKey(key);
    const isAlias = canonical !== key;
    if (isAlias && (usage[canonical] !== undefined || isCount(source[canonical]))) continue;
    usage[canonical] = value;
  }

  for (const [detailsKey, { parent, buckets }] of Object.entries(INCLUSIVE_DETAILS)) {
    const details = source[detailsKey];
    if (details === null || typeof details !== "object") continue;
    for (const [detailKey, bucket] of Object.entries(buckets)) {
      const count = (details as Record<string, unknown>)[detailKey];
      if (!isCount(count) || count === 0) continue;
      if (usage[parent] !== undefined) usage[parent] = Math.max(0, usage[parent]! - count);
      usage[bucket] ??= count;
    }
  }

  if (usage.total === undefined && Object.keys(usage).length > 0) {
    usage.total = Object.values(usage).reduce((a, b) => a + b, 0);
  }
  return usage;
}
