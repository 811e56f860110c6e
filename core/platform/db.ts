import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/** A drizzle database or transaction over any Postgres driver (postgres.js, PGlite). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
