import { canonicalUsageKey } from "./normalize-usage";
import type { PriceEntry } from "./price-entry";

/** Cached tokens are input and reasoning tokens are output, unless the price list says otherwise. */
const FALLBACK_PRICE_KEY: Record<string, string> = {
  cache_read_input_tokens: "input",
  cache_creation_input_tokens: "input",
  reasoning_tokens: "output",
};

export interface Cost {
  costDetails: Record<string, number>;
  totalCost: number;
}

/** Strips float noise (0.1 + 0.2) while keeping sub-micro-dollar precision. */
export const roundCost = (usd: number): number => Number(usd.toFixed(12));

// Custom price lists may use Langfuse keys (input_cache_read); they are read under canonical keys.
const canonicalPrices = new WeakMap<PriceEntry, Map<string, number>>();

function pricesOf(entry: PriceEntry): Map<string, number> {
  let prices = canonicalPrices.get(entry);
  if (!prices) {
    prices = new Map();
    for (const [key, price] of Object.entries(entry.prices ?? {})) {
      if (typeof price !== "number" || !Number.isFinite(price) || price < 0) continue;
      const canonical = canonicalUsageKey(key);
      if (canonical === key || !prices.has(canonical)) prices.set(canonical, price);
    }
    canonicalPrices.set(entry, prices);
  }
  return prices;
}

/**
 * Prices each usage bucket once at its own price (or its fallback); buckets
 * without a price and `total` are not priced. `costDetails.total` is the sum.
 */
export function computeCost(usage: Record<string, number>, entry: PriceEntry): Cost {
  const prices = pricesOf(entry);
  const costDetails: Record<string, number> = {};
  let sum = 0;
  for (const [key, tokens] of Object.entries(usage)) {
    if (key === "total" || typeof tokens !== "number" || !Number.isFinite(tokens)) continue;
    const fallback = Object.hasOwn(FALLBACK_PRICE_KEY, key) ? FALLBACK_PRICE_KEY[key] : undefined;
    const price = prices.get(key) ?? (fallback === undefined ? undefined : prices.get(fallback));
    if (price === undefined) continue;
    costDetails[key] = roundCost(tokens * price);
    sum += tokens * price;
  }
  const totalCost = roundCost(sum);
  costDetails.total = totalCost;
  return { costDetails, totalCost };
}
