import { customType, timestamp } from "drizzle-orm/pg-core";

/** Timestamps are stored with time zone and milliseconds, and read as Date. */
export const createdAt = () => timestamp("created_at", { withTimezone: true, precision: 3 }).notNull();
export const tsz = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A jsonb column whose values read back exactly as written. drizzle's own `jsonb` parses a
 * string it receives once more, but both drivers used here (postgres.js, PGlite) already parse
 * jsonb, so a stored string that looks like JSON came back changed: `"123"` as 123, a TEXT
 * prompt `{"a":1}` as an object.
 */
export const jsonb = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => "jsonb",
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});
