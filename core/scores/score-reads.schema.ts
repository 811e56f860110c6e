import * as z from "zod";
import { Iso, listQueryFields, Order } from "../reads";

/** Wire shapes of the score reads: a score as reads show it, the score list and score analytics (docs/scores.md). */

export const ScoreView = z.object({
  id: z.string(),
  traceId: z.string().nullable(),
  observationId: z.string().nullable(),
  sessionId: z.string().nullable(),
  name: z.string().nullable(),
  value: z.number().nullable(),
  stringValue: z.string().nullable(),
  dataType: z.string().nullable(),
  source: z.string().nullable(),
  comment: z.string().nullable(),
  configId: z.string().nullable(),
  environment: z.string(),
  metadata: z.unknown(),
  timestamp: z.string().nullable(),
});

export const ListScoresQuery = z.object({
  ...listQueryFields,
  source: z.enum(["API", "EVAL", "ANNOTATION"]).optional(),
  dataType: z.enum(["NUMERIC", "CATEGORICAL", "BOOLEAN"]).optional(),
  traceId: z.string().optional(),
  observationId: z.string().optional(),
  sessionId: z.string().optional(),
  configId: z.string().optional(),
  order: Order,
});
export type ListScoresQuery = z.infer<typeof ListScoresQuery>;

export const ScorePage = z.object({ data: z.array(ScoreView), nextCursor: z.string().nullable() });

export const AnalyticsQuery = z.object({
  name: z.string().min(1),
  compare: z.string().min(1).optional(),
  from: Iso.optional(),
  to: Iso.optional(),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

const Bucket = z.object({ lower: z.number(), upper: z.number(), count: z.number() });
export const ScoreSummary = z.object({
  name: z.string(),
  dataType: z.string().nullable(),
  count: z.number(),
  numericCount: z.number(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  stdDev: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  histogram: z.array(Bucket),
  labelCounts: z.array(z.object({ label: z.string(), count: z.number() })),
  timeline: z.array(
    z.object({
      day: z.string(),
      count: z.number(),
      mean: z.number().nullable(),
      labelCounts: z.record(z.string(), z.number()),
    }),
  ),
});
export const Comparison = z.object({
  kind: z.enum(["numeric", "categorical", "mixed"]),
  pairCount: z.number(),
  sampleSize: z.number(),
  sampled: z.boolean(),
  pearson: z.number().nullable(),
  mae: z.number().nullable(),
  rmse: z.number().nullable(),
  agreement: z.number().nullable(),
  cohensKappa: z.number().nullable(),
  f1: z.array(
    z.object({
      label: z.string(),
      precision: z.number().nullable(),
      recall: z.number().nullable(),
      f1: z.number().nullable(),
      support: z.number(),
    }),
  ),
  confusion: z.object({
    rows: z.array(z.string()),
    columns: z.array(z.string()),
    counts: z.array(z.array(z.number())),
  }),
});
export const ScoreAnalytics = z.object({
  score: ScoreSummary,
  compare: ScoreSummary.optional(),
  comparison: Comparison.optional(),
  sampled: z.boolean(),
});
