import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/** A drizzle database or transaction over any Postgres driver (postgres.js, PGlite). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw statement (`db.execute`): postgres.js answers an array of rows, PGlite `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}
