import type { Deps } from "../platform/deps";
import * as Traces from "../traces";
import type { ExportFilters, ExportFormat, ExportTable } from "./export-query";
import { encodeRows } from "./formats";
import { readPages, walk } from "./read-pages";

/**
 * Raw rows per page when the store writes the lines: such a page is only its text (about 570 bytes a row), so it
 * can span more rows than `EXPORT_PAGE`, and a statement per 20,000 rows costs less than four per 5,000
 * (docs/export.md, "Lines written by the store").
 */
export const LINE_PAGE = 20_000;

/**
 * An export's text, chunk by chunk, in the table's key order: the list's rows of `table` for `filters` as JSONL or
 * CSV. Observations as JSONL are written by the telemetry store, line for line, and come as its UTF-8 bytes
 * (`Traces.observationLines`); the rest are read as rows and encoded here, as strings (`readPages`, `encodeRows`).
 * The first page is read before this resolves, so a bad filter throws here, before any byte is sent.
 *
 * @throws invalid_input for a bad filter.
 */
export async function exportText(
  deps: Pick<Deps, "telemetry" | "blobs">,
  projectId: string,
  table: ExportTable,
  format: ExportFormat,
  filters: ExportFilters,
  options: { pageSize?: number; signal?: AbortSignal } = {},
): Promise<AsyncIterable<string | Uint8Array>> {
  if (table === "observations" && format === "jsonl") {
    const limit = options.pageSize ?? LINE_PAGE;
    const query = filters as ExportFilters<"observations">;
    return walk(
      (cursor) => Traces.observationLines(deps, projectId, { ...query, limit, cursor }),
      (page) => (page.lines.length ? page.lines : null),
      options.signal,
    );
  }
  return encodeRows(table, format, await readPages(deps, projectId, table, filters, options));
}
