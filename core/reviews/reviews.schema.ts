import * as z from "zod";
import { Limit } from "../platform/pagination";

/** Wire shapes of the review-queue endpoints (docs/reviews.md). */

const DATA_TYPES = ["NUMERIC", "CATEGORICAL", "BOOLEAN"] as const;
const QueueName = z
  .string()
  .min(1)
  .max(200)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    "A queue name starts with a letter or digit and holds only letters, digits, '.', '_' and '-'",
  );

export const CreateQueueBody = z
  .object({
    name: QueueName,
    scoreName: z.string().min(1).max(200),
    dataType: z.enum(DATA_TYPES),
    categories: z
      .array(z.string().min(1).max(200))
      .max(100)
      .optional()
      .describe("CATEGORICAL: the labels reviewers choose from (at least one)"),
    min: z.number().finite().nullish().describe("NUMERIC: the smallest value allowed"),
    max: z.number().finite().nullish().describe("NUMERIC: the largest value allowed"),
    description: z.string().max(2000).nullish(),
  })
  .refine((q) => q.dataType === "NUMERIC" || (q.min == null && q.max == null), {
    message: "min and max apply only to NUMERIC queues",
    path: ["min"],
  })
  .refine((q) => q.min == null || q.max == null || q.min <= q.max, {
    message: "min must not exceed max",
    path: ["min"],
  })
  .refine((q) => q.dataType !== "CATEGORICAL" || (q.categories?.length ?? 0) > 0, {
    message: "a CATEGORICAL queue needs at least one category",
    path: ["categories"],
  })
  .refine((q) => q.dataType === "CATEGORICAL" || !q.categories?.length, {
    message: "categories apply only to CATEGORICAL queues",
    path: ["categories"],
  });
export type CreateQueueInput = z.infer<typeof CreateQueueBody>;

export const QueueView = z.object({
  id: z.string(),
  name: z.string(),
  scoreName: z.string(),
  dataType: z.enum(DATA_TYPES),
  categories: z.array(z.string()),
  min: z.number().nullable(),
  max: z.number().nullable(),
  description: z.string().nullable(),
  pending: z.number().int(),
  done: z.number().int(),
  createdAt: z.string(),
});
export type QueueView = z.infer<typeof QueueView>;
export const QueueList = z.object({ data: z.array(QueueView) });
export const QueuePath = z.object({ queue: z.string().min(1).max(200) });

export const AddItemsBody = z.object({ traceIds: z.array(z.string().min(1).max(200)).min(1).max(1000) });
export const ItemView = z.object({ id: z.string(), traceId: z.string(), status: z.enum(["pending", "done"]) });
export const AddItemsResult = z.object({
  added: z.number().int(),
  skipped: z.number().int().describe("Traces already pending in the queue"),
  items: z.array(ItemView),
  errors: z.array(z.object({ traceId: z.string(), message: z.string() })),
});
export type AddItemsResult = z.infer<typeof AddItemsResult>;

export const ListItemsQuery = z.object({
  status: z.enum(["pending", "done"]).optional(),
  limit: Limit,
  cursor: z.string().optional(),
});
export const ItemDetail = ItemView.extend({
  scoreId: z.string().nullable(),
  reviewer: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
  trace: z
    .object({ name: z.string().nullable(), input: z.unknown(), output: z.unknown(), timestamp: z.string().nullable() })
    .nullable()
    .describe("null when the trace was deleted"),
});
export type ItemDetail = z.infer<typeof ItemDetail>;
export const ItemPage = z.object({ data: z.array(ItemDetail), nextCursor: z.string().nullable() });

export const ItemPath = z.object({ queue: z.string().min(1).max(200), itemId: z.string().min(1).max(200) });
export const SubmitReviewBody = z.object({
  value: z
    .union([z.number().finite(), z.string().min(1).max(200), z.boolean()])
    .describe("A number (NUMERIC), a label (CATEGORICAL), or 0/1/true/false (BOOLEAN), as the queue says"),
  comment: z.string().max(10_000).nullish(),
});
export type SubmitReviewInput = z.infer<typeof SubmitReviewBody>;
export const ReviewResult = z.object({
  item: z.object({ id: z.string(), status: z.literal("done"), scoreId: z.string() }),
  score: z.object({
    id: z.string(),
    name: z.string(),
    value: z.number().nullable(),
    stringValue: z.string().nullable(),
    dataType: z.enum(DATA_TYPES),
    source: z.literal("ANNOTATION"),
    comment: z.string().nullable(),
  }),
});
export type ReviewResult = z.infer<typeof ReviewResult>;
