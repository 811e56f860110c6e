export { builtinModelPrices } from "./builtin-model-prices";
export { type Cost, computeCost, roundCost } from "./compute-cost";
export { customPriceEntries, deleteCustomPrice, getPrice, listPrices, upsertCustomPrice } from "./custom-prices";
export { compileMatchPattern, matchPrice, type PriceMatch } from "./match-price";
export { canonicalUsageKey, normalizeUsage } from "./normalize-usage";
export type { BuiltinPrice, PriceEntry } from "./price-entry";
export * from "./pricing.schema";
export { REGISTRY } from "./registry";
export { type ResolveCostInput, type ResolvedCost, resolveCost } from "./resolve-cost";
