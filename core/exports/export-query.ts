import * as z from "zod";
import { invalid } from "../platform/errors";
import { ListScoresQuery } from "../scores";
import { ListObservationsQuery, ListTracesQuery } from "../traces";

/** What an export reads: the three telemetry lists (docs/export.md). */
export const EXPORT_TABLES = ["traces", "observations", "scores"] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];
export const EXPORT_FORMATS = ["jsonl", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * `GET /v1/exports`: the table and the format; every other parameter is the filter of that table's list
 * (`GET /v1/traces`, `/v1/observations`, `/v1/scores`), parsed by `exportFilters` with the list's own schema.
 */
export const ExportQuery = z.looseObject({
  table: z.enum(EXPORT_TABLES),
  format: z.enum(EXPORT_FORMATS).default("jsonl"),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

// The lists' schemas without the page: an export reads every page, in the list's order.
const FILTERS = {
  traces: ListTracesQuery.omit({ limit: true, cursor: true }),
  observations: ListObservationsQuery.omit({ limit: true, cursor: true }),
  scores: ListScoresQuery.omit({ limit: true, cursor: true }),
} as const;

export type ExportFilters<T extends ExportTable = ExportTable> = z.infer<(typeof FILTERS)[T]>;

/**
 * The list filters of `table` among `query`'s parameters, parsed by the list's own schema.
 * @throws invalid_input naming the parameter, as the list would (`Invalid query.from: …`).
 */
export function exportFilters<T extends ExportTable>(table: T, query: Record<string, unknown>): ExportFilters<T> {
  const { table: _t, format: _f, limit, cursor, ...rest } = query;
  if (limit !== undefined || cursor !== undefined)
    throw invalid(
      `Invalid query.${limit !== undefined ? "limit" : "cursor"}: an export reads every page; filter with from/to or filter instead`,
    );
  const result = FILTERS[table].safeParse(rest);
  if (!result.success) {
    const first = result.error.issues[0];
    throw invalid(
      `Invalid query${first?.path.length ? `.${first.path.join(".")}` : ""}: ${first?.message ?? "invalid value"}`,
      result.error.issues,
    );
  }
  return result.data as ExportFilters<T>;
}
