import * as z from "zod";
import type { Deps } from "../platform/deps";
import { invalid } from "../platform/errors";
import type { Principal } from "../platform/principal";
import * as Pricing from "../pricing";
import { type PageQuery, pageOf } from "./page";

const Tier = z.object({
  name: z.string().optional(),
  isDefault: z.boolean().optional(),
  priority: z.number().optional(),
  conditions: z.array(z.unknown()).optional(),
  prices: z.record(z.string(), z.number()),
});

/** `POST /api/public/models`, as Langfuse documents it. */
export const LfCreateModelBody = z.object({
  modelName: z.string(),
  matchPattern: z.string(),
  startDate: z.string().nullish(),
  unit: z.string().nullish(),
  inputPrice: z.number().nullish(),
  outputPrice: z.number().nullish(),
  totalPrice: z.number().nullish(),
  pricingTiers: z.array(Tier).nullish(),
  tokenizerId: z.string().nullish(),
  tokenizerConfig: z.unknown().optional(),
});
export type LfCreateModelBody = z.infer<typeof LfCreateModelBody>;

export const LfModel = z.object({
  id: z.string(),
  modelName: z.string(),
  matchPattern: z.string(),
  startDate: z.null(),
  unit: z.string(),
  inputPrice: z.number().nullable(),
  outputPrice: z.number().nullable(),
  totalPrice: z.null(),
  tokenizerId: z.null(),
  tokenizerConfig: z.null(),
  isLangfuseManaged: z.boolean(),
  createdAt: z.string(),
  prices: z.record(z.string(), z.object({ price: z.number() })),
  pricingTiers: z.array(z.unknown()),
});
export type LfModel = z.infer<typeof LfModel>;

/** Built-in prices have no creation time; they answer the epoch. */
const BUILTIN_CREATED_AT = new Date(0).toISOString();

/** One of our prices as Langfuse's model: built-in prices are the "managed" ones. */
export function lfModel(p: Pricing.ModelPrice): LfModel {
  return {
    id: p.id,
    modelName: p.modelName,
    matchPattern: p.matchPattern,
    startDate: null,
    unit: p.unit,
    inputPrice: p.prices.input ?? null,
    outputPrice: p.prices.output ?? null,
    totalPrice: null,
    tokenizerId: null,
    tokenizerConfig: null,
    isLangfuseManaged: p.source === "builtin",
    createdAt: p.createdAt ?? BUILTIN_CREATED_AT,
    prices: Object.fromEntries(Object.entries(p.prices).map(([k, price]) => [k, { price }])),
    pricingTiers: [],
  };
}

/**
 * A Langfuse model as our custom price (`POST /v1/model-prices`), whose rules then apply: flat prices or one
 * default tier without conditions, per token (docs/langfuse.md, "Models").
 * @throws invalid_input for what our pricing does not do: start dates, total-only prices, conditional tiers, other units.
 */
export function priceInputOf(b: LfCreateModelBody): Pricing.ModelPriceInput {
  if (b.startDate)
    throw invalid(
      "Invalid body.startDate: prices here have no start date; a price applies to every observation priced after it is saved",
    );
  if (b.unit && b.unit !== "TOKENS") throw invalid(`Invalid body.unit: only TOKENS is supported, not ${b.unit}`);
  if (b.totalPrice != null)
    throw invalid("Invalid body.totalPrice: total-only prices are not supported; give inputPrice and outputPrice");
  const flat = b.inputPrice != null || b.outputPrice != null;
  let prices: Record<string, number>;
  if (b.pricingTiers?.length) {
    if (flat) throw invalid("Invalid body.pricingTiers: give either pricingTiers or inputPrice/outputPrice, not both");
    if (b.pricingTiers.length > 1 || b.pricingTiers[0]!.conditions?.length)
      throw invalid("Invalid body.pricingTiers: only one default tier without conditions is supported");
    prices = b.pricingTiers[0]!.prices;
  } else {
    prices = {
      ...(b.inputPrice != null ? { input: b.inputPrice } : {}),
      ...(b.outputPrice != null ? { output: b.outputPrice } : {}),
    };
  }
  const parsed = Pricing.ModelPriceInput.safeParse({
    modelName: b.modelName,
    matchPattern: b.matchPattern,
    prices,
    unit: "TOKENS",
  });
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const field =
      first.path[0] === "prices"
        ? b.pricingTiers?.length
          ? "pricingTiers.0.prices"
          : "inputPrice"
        : first.path.join(".");
    const message =
      first.path[0] === "prices" && Object.keys(prices).length === 0
        ? "a model needs inputPrice, outputPrice or pricingTiers"
        : first.message;
    throw invalid(`Invalid body.${field}: ${message}`, parsed.error.issues);
  }
  return parsed.data;
}

export async function createLfModel(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  principal: Principal,
  b: LfCreateModelBody,
) {
  return lfModel(await Pricing.upsertCustomPrice(deps, principal, priceInputOf(b)));
}

/** The project's own models first (they win), then the built-in ones, as `GET /v1/model-prices` orders them. */
export async function listLfModels(deps: Pick<Deps, "db">, projectId: string, page: PageQuery) {
  const { data, meta } = pageOf((await Pricing.listPrices(deps, projectId)).data, page);
  return { data: data.map(lfModel), meta };
}
