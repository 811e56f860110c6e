import * as z from "zod";
import { Limit } from "../platform/pagination";

/** The query parameters every telemetry list shares: window, page, filter and order (docs/reads.md). */

export const Iso = z
  .string()
  .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && Number.isFinite(Date.parse(s)), "expected an ISO-8601 date-time");
export const Order = z.enum(["asc", "desc"]).default("desc");

/** The fields of a filtered list query (traces, observations, scores), spread into each list's schema. */
export const listQueryFields = {
  limit: Limit,
  cursor: z.string().optional(),
  filter: z
    .string()
    .optional()
    .describe(
      "JSON array of {column, operator, value}; operators =, !=, >, >=, <, <=, in, contains; column may be scores.<name>",
    ),
  from: Iso.optional(),
  to: Iso.optional(),
  environment: z.string().optional(),
  name: z.string().optional(),
};
