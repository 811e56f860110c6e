import { timestamp } from "drizzle-orm/pg-core";

/** Timestamps are stored with time zone and milliseconds, and read as Date. */
export const createdAt = () => timestamp("created_at", { withTimezone: true, precision: 3 }).notNull();
export const tsz = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
