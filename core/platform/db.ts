import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/**
 * A drizzle database or transaction over any Postgres driver (postgres.js, PGlite). Built without drizzle's
 * relational `schema` (no code uses `db.query`): each function then carries and builds only the tables it
 * imports, not every table of the service at every cold start (docs/deployment.md, "Module init").
 * drizzle-kit reads the tables from core/platform/schema.ts itself.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
