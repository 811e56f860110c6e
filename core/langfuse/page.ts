import * as z from "zod";

/**
 * Langfuse's page-based listing: `page` from 1, `limit` up to 100 (50 by default). A page past the end is not an
 * error: it answers an empty `data` with the true `meta`, which is how the SDKs know they are done (docs/langfuse.md).
 */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const PageMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export const pageMeta = ({ page, limit }: PageQuery, totalItems: number): PageMeta => ({
  page,
  limit,
  totalItems,
  totalPages: Math.ceil(totalItems / limit),
});

/** Rows to skip for a page. */
export const pageOffset = ({ page, limit }: PageQuery) => (page - 1) * limit;

/** A page of `data` with its `meta`, Langfuse's list envelope. */
export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: PageMeta });

/** One page of an in-memory list (small lists: configs, runs of a dataset). */
export const pageOf = <T>(rows: readonly T[], query: PageQuery) => ({
  data: rows.slice(pageOffset(query), pageOffset(query) + query.limit),
  meta: pageMeta(query, rows.length),
});
