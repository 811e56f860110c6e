import type { Deps } from "../platform/deps";
import * as Scores from "../scores";
import * as Traces from "../traces";
import type { ExportFilters, ExportFormat, ExportTable } from "./export-query";
import { encodeRows } from "./formats";
import { EXPORT_PAGE, readPages, walk } from "./read-pages";

/**
 * Raw rows a page spans at most when the store writes the lines. Such a page is only its text (about 570 bytes a
 * row), but chDB folds the whole range at once, and the fold holds a few kilobytes a row until it ends: 20,000-row
 * pages read fastest but grew the server by about 150 MB on a first export, 10,000 keep it under 100 MB at
 * 75-90% of the speed (docs/export.md, "Lines written by the store").
 */
export const LINE_PAGE = 10_000;

/**
 * The text a page of lines aims at: after each page the next one spans as many raw rows as this many bytes held
 * on the last (between 100 and `LINE_PAGE`), so wide rows (long names, status messages, model parameters) make
 * shorter pages and a page's memory stays bounded whatever the rows hold. The first page spans `EXPORT_PAGE`.
 */
export const LINE_PAGE_BYTES = 16 * 1024 * 1024;
const MIN_LINE_PAGE = 100;

/**
 * An export's text, chunk by chunk, in the table's key order: the list's rows of `table` for `filters` as JSONL or
 * CSV. Observations and scores as JSONL are written by the telemetry store, line for line, and come as its UTF-8
 * bytes (`Traces.observationLines`, `Scores.scoreLines`); the rest are read as rows and encoded here, as strings
 * (`readPages`, `encodeRows`).
 * The first page is read before this resolves, so a bad filter throws here, before any byte is sent.
 * `pageSize` fixes the raw rows of every page; `pageBytes` sets the text a page of lines aims at.
 *
 * @throws invalid_input for a bad filter.
 */
export async function exportText(
  deps: Pick<Deps, "telemetry" | "blobs">,
  projectId: string,
  table: ExportTable,
  format: ExportFormat,
  filters: ExportFilters,
  options: { pageSize?: number; pageBytes?: number; signal?: AbortSignal } = {},
): Promise<AsyncIterable<string | Uint8Array>> {
  const lines = format === "jsonl" ? storeLines(deps, projectId, table, filters) : null;
  if (lines) {
    const budget = options.pageBytes ?? LINE_PAGE_BYTES;
    let limit = options.pageSize ?? EXPORT_PAGE;
    return walk(
      async (cursor) => {
        const page = await lines(limit, cursor);
        if (options.pageSize === undefined) {
          const perRow = page.lines.length / limit;
          limit = Math.max(MIN_LINE_PAGE, Math.min(LINE_PAGE, Math.floor(budget / Math.max(perRow, 1))));
        }
        return page;
      },
      (page) => (page.lines.length ? page.lines : null),
      options.signal,
    );
  }
  return encodeRows(table, format, await readPages(deps, projectId, table, filters, options));
}

type LinePage = { lines: Uint8Array; nextCursor: string | null };

/** How the store writes a page of `table`'s lines, for the tables that have a line in SQL; null for the others. */
function storeLines(
  deps: Pick<Deps, "telemetry" | "blobs">,
  projectId: string,
  table: ExportTable,
  filters: ExportFilters,
): ((limit: number, cursor: string | undefined) => Promise<LinePage>) | null {
  switch (table) {
    case "observations":
      return (limit, cursor) =>
        Traces.observationLines(deps, projectId, { ...(filters as ExportFilters<"observations">), limit, cursor });
    case "scores":
      return (limit, cursor) =>
        Scores.scoreLines(deps, projectId, { ...(filters as ExportFilters<"scores">), limit, cursor });
    case "traces":
      return null;
  }
}
