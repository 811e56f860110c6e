import * as z from "zod";

/** Wire shapes of the score and score-config endpoints (docs/scores.md). */

export const SCORE_TYPES = ["NUMERIC", "CATEGORICAL", "BOOLEAN"] as const;
export type ScoreType = (typeof SCORE_TYPES)[number];

export const CreateScoreConfigBody = z
  .object({
    name: z.string().min(1).max(200),
    dataType: z.enum(SCORE_TYPES),
    min: z.number().finite().nullish().describe("NUMERIC only: the smallest value allowed"),
    max: z.number().finite().nullish().describe("NUMERIC only: the largest value allowed"),
    categories: z
      .array(z.string().min(1).max(200))
      .max(100)
      .optional()
      .describe("CATEGORICAL: the allowed labels (at least one)"),
    description: z.string().max(2000).nullish(),
  })
  .refine((c) => c.dataType === "NUMERIC" || (c.min == null && c.max == null), {
    message: "min and max apply only to NUMERIC configs",
    path: ["min"],
  })
  .refine((c) => c.min == null || c.max == null || c.min <= c.max, {
    message: "min must not exceed max",
    path: ["min"],
  })
  .refine((c) => c.dataType !== "CATEGORICAL" || (c.categories?.length ?? 0) > 0, {
    message: "a CATEGORICAL config needs at least one category",
    path: ["categories"],
  })
  .refine((c) => c.dataType === "CATEGORICAL" || !c.categories?.length, {
    message: "categories apply only to CATEGORICAL configs",
    path: ["categories"],
  })
  .refine((c) => new Set(c.categories ?? []).size === (c.categories ?? []).length, {
    message: "categories must not repeat a label",
    path: ["categories"],
  });
export type CreateScoreConfigInput = z.infer<typeof CreateScoreConfigBody>;

export const ScoreConfigView = z.object({
  id: z.string(),
  name: z.string(),
  dataType: z.enum(SCORE_TYPES),
  min: z.number().nullable(),
  max: z.number().nullable(),
  categories: z.array(z.string()),
  description: z.string().nullable(),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScoreConfigView = z.infer<typeof ScoreConfigView>;
export const ScoreConfigList = z.object({ data: z.array(ScoreConfigView) });
export const ListScoreConfigsQuery = z.object({
  archived: z
    .enum(["true", "false"])
    .optional()
    .describe("Only archived (true) or only active (false) configs; all by default"),
});
export const ScoreConfigPath = z.object({ id: z.string().min(1).max(200) });
export const PatchScoreConfigBody = z.object({ archived: z.boolean() });
