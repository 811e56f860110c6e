/**
 * Postgres error classification without I/O. Drivers differ in where they put
 * the SQLSTATE (postgres.js and PGlite both use `code`) and drizzle wraps driver
 * errors in `DrizzleQueryError` with the original as `cause`, so we walk the chain.
 */

const UNIQUE_VIOLATION = "23505";
/** Bounds the walk so a cyclic `cause` chain cannot loop forever. */
const MAX_CAUSE_DEPTH = 5;

interface PgErrorFields {
  code?: unknown;
  /** postgres.js */
  constraint_name?: unknown;
  /** PGlite */
  constraint?: unknown;
}

function findPgError(e: unknown, code: string): PgErrorFields | undefined {
  let current: unknown = e;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof current === "object" && current !== null; depth++) {
    const fields = current as PgErrorFields & { cause?: unknown };
    if (fields.code === code) return fields;
    current = fields.cause;
  }
  return undefined;
}

/**
 * True when `e` (or an error in its `cause` chain) is a Postgres unique violation
 * (SQLSTATE 23505), optionally on the named constraint or unique index — so a
 * lost insert race can become a `conflict` instead of a 500.
 */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const pg = findPgError(e, UNIQUE_VIOLATION);
  if (!pg) return false;
  return constraint === undefined || pg.constraint_name === constraint || pg.constraint === constraint;
}
