import { computeCost, roundCost } from "./compute-cost";
import { matchPrice } from "./match-price";
import { normalizeUsage } from "./normalize-usage";
import type { PriceEntry } from "./price-entry";

export interface ResolveCostInput {
  model?: string | null;
  usageDetails?: unknown;
  costDetails?: unknown;
}

export interface ResolvedCost {
  usageDetails: Record<string, number>;
  costDetails: Record<string, number>;
  totalCost: number;
}

/**
 * The cost of one generation: the client's own cost when it sent one (it knows
 * its contract prices), else the model's price applied to the normalized usage.
 * Null when neither is known — no usage, no matching price, or no usage bucket
 * with a price — because a zero would read as "free", not "unknown".
 */
export function resolveCost(input: ResolveCostInput, custom: readonly PriceEntry[]): ResolvedCost | null {
  const usageDetails = normalizeUsage(input.usageDetails);

  const sent = clientCost(input.costDetails);
  if (sent) return { usageDetails, ...sent };

  if (typeof input.model !== "string") return null;
  const match = matchPrice(input.model, custom);
  if (!match) return null;
  const cost = computeCost(usageDetails, match.entry);
  if (Object.keys(cost.costDetails).length <= 1) return null;
  return { usageDetails, ...cost };
}

function clientCost(raw: unknown): { costDetails: Record<string, number>; totalCost: number } | null {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const costDetails: Record<string, number> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) costDetails[key] = value;
  }
  const keys = Object.keys(costDetails);
  if (keys.length === 0) return null;
  const totalCost = costDetails.total ?? roundCost(keys.reduce((sum, k) => sum + costDetails[k]!, 0));
  costDetails.total = totalCost;
  return { costDetails, totalCost };
}
