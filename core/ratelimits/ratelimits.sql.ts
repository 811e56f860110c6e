import { bigint, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * Tokens granted per bucket and one-second window, shared by every instance of a deployment that does not
 * own its relational store (docs/rate-limits.md): instances lease blocks of tokens here and spend them in memory.
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    bucket: text("bucket").notNull(),
    /** Unix seconds of the window's start. */
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    granted: integer("granted").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);
