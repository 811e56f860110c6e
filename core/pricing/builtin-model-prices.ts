import type { ModelPrice } from "./pricing.schema";
import { REGISTRY } from "./registry";

/** The built-in registry in the API's shape, with stable ids so clients can refer to an entry. */
export function builtinModelPrices(): ModelPrice[] {
  return REGISTRY.map((e) => ({
    id: `builtin:${e.modelName}`,
    modelName: e.modelName,
    matchPattern: e.matchPattern,
    prices: { ...e.prices },
    unit: "TOKENS",
    source: "builtin",
  }));
}
