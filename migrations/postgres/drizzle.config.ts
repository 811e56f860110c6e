import { defineConfig } from "drizzle-kit";

/**
 * drizzle-kit resolves these paths from the working directory, so run it from
 * the repository root (`npm run db:generate`). The glob, rather than the
 * barrel, means a table file that someone forgot to export from
 * `core/platform/schema.ts` still gets its migration.
 */
export default defineConfig({
  dialect: "postgresql",
  schema: "./core/**/*.sql.ts",
  out: "./migrations/postgres",
});
