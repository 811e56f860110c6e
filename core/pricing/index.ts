export { normalizeUsage, canonicalUsageKey } from "./normalize-usage";
export { REGISTRY } from "./registry";
export { matchPrice, compileMatchPattern, type PriceMatch } from "./match-price";
export { computeCost, roundCost, type Cost } from "./compute-cost";
export { resolveCost, type ResolveCostInput, type ResolvedCost } from "./resolve-cost";
export { builtinModelPrices } from "./builtin-model-prices";
export type { PriceEntry, BuiltinPrice } from "./price-entry";
export * from "./pricing.schema";
export { upsertCustomPrice, listPrices, customPriceEntries, getPrice, deleteCustomPrice } from "./custom-prices";
