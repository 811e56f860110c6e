import type { PriceEntry } from "./price-entry";
import { REGISTRY } from "./registry";

const MAX_CACHED_PATTERNS = 10_000;
const compiled = new Map<string, RegExp | null>();

/**
 * Compiles a match pattern case-insensitively, or null when it is not a valid
 * regular expression. A leading `(?i)` (Postgres/Langfuse syntax) is accepted and
 * dropped. Results are cached by source: matching runs once per observation.
 */
export function compileMatchPattern(source: string): RegExp | null {
  const hit = compiled.get(source);
  if (hit !== undefined) return hit;
  let regex: RegExp | null;
  try {
    regex = new RegExp(source.startsWith("(?i)") ? source.slice(4) : source, "i");
  } catch {
    regex = null;
  }
  // Custom patterns come from every project; a full cache is dropped rather than grown without bound.
  if (compiled.size >= MAX_CACHED_PATTERNS) compiled.clear();
  compiled.set(source, regex);
  return regex;
}

export interface PriceMatch {
  source: "custom" | "builtin";
  entry: PriceEntry;
}

/** The price list for a model: the first matching custom entry, else the first matching built-in one. */
export function matchPrice(
  model: string,
  custom: readonly PriceEntry[],
  builtin: readonly PriceEntry[] = REGISTRY,
): PriceMatch | null {
  if (typeof model !== "string") return null;
  model = model.trim();
  if (model.length === 0) return null;
  const fromCustom = firstMatch(model, custom);
  if (fromCustom) return { source: "custom", entry: fromCustom };
  const fromBuiltin = firstMatch(model, builtin);
  return fromBuiltin ? { source: "builtin", entry: fromBuiltin } : null;
}

function firstMatch(model: string, entries: readonly PriceEntry[]): PriceEntry | undefined {
  return entries.find(
    (e) => typeof e.matchPattern === "string" && compileMatchPattern(e.matchPattern)?.test(model) === true,
  );
}
