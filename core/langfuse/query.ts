import * as z from "zod";

/** A Langfuse date-time query parameter (ISO 8601). */
export const DateTimeParam = z
  .string()
  .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && Number.isFinite(Date.parse(s)), "expected an ISO-8601 date-time");

/** A parameter Langfuse lets repeat (`environment=a&environment=b`): always a list here. */
export const Repeated = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]));

/** Langfuse's `orderBy=<column>.<asc|desc>` onto a column of ours and a direction. */
export function orderByParam<C extends string>(columns: readonly C[], fallback: { column: C; dir: "asc" | "desc" }) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return fallback;
      const [column, dir = "desc"] = v.split(".");
      const d = dir.toLowerCase();
      if (!columns.includes(column as C) || (d !== "asc" && d !== "desc")) {
        ctx.addIssue({
          code: "custom",
          message: `expected <column>.<asc|desc> with column one of ${columns.join(", ")}`,
        });
        return z.NEVER;
      }
      return { column: column as C, dir: d as "asc" | "desc" };
    });
}

/** Our list filters' `filter` JSON from conditions a Langfuse parameter stands for (environment lists, tags that must all match). */
export const conditionsJson = (conditions: { column: string; operator: string; value: unknown }[]) =>
  conditions.length ? JSON.stringify(conditions) : undefined;

/** Seconds from milliseconds, as Langfuse reports latencies. */
export const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);
