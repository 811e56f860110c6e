import * as z from "zod";
import { compileMatchPattern } from "./match-price";

/** Body of the custom price endpoints: what a project sends to price a model itself. */
export const ModelPriceInput = z.object({
  modelName: z.string().min(1).max(200),
  matchPattern: z
    .string()
    .min(1)
    .max(500)
    .refine((p) => compileMatchPattern(p) !== null, { message: "matchPattern is not a valid regular expression" }),
  prices: z
    .record(z.string().min(1).max(100), z.number().nonnegative())
    .refine((p) => Object.keys(p).length > 0, { message: "prices needs at least one usage key" }),
  unit: z.literal("TOKENS").default("TOKENS"),
});
export type ModelPriceInput = z.infer<typeof ModelPriceInput>;

/** A price as the API answers it; built-in prices have no timestamps. */
export const ModelPrice = z.object({
  id: z.string(),
  modelName: z.string(),
  matchPattern: z.string(),
  prices: z.record(z.string(), z.number()),
  unit: z.literal("TOKENS"),
  source: z.enum(["custom", "builtin"]),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type ModelPrice = z.infer<typeof ModelPrice>;
