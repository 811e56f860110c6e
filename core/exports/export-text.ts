import type { Deps } from "../platform/deps";
import * as Scores from "../scores";
import * as Traces from "../traces";
import type { ExportFilters, ExportFormat, ExportTable } from "./export-query";
import { csvRecord, EXPORT_COLUMNS } from "./formats";
import { EXPORT_PAGE, walk } from "./key-walk";

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
 * Raw rows a page of traces spans at most: each page also folds the observations of its traces (their count, cost
 * and latency), so it spans no more than the rows' pages did (`EXPORT_PAGE`).
 */
const TRACE_LINE_PAGE = EXPORT_PAGE;

/**
 * An export's text, chunk by chunk, in the table's key order: the list's rows of `table` for `filters` as JSONL or
 * CSV, each line written by the telemetry store and handed on as its UTF-8 bytes (`Traces.traceLines`,
 * `Traces.observationLines`, `Scores.scoreLines`); a CSV starts with its header, even when no row matches.
 * The first page is read before this resolves, so a bad filter throws here, before any byte is sent.
 * `pageSize` fixes the raw rows of every page; `pageBytes` sets the text a page aims at.
 *
 * @throws invalid_input for a bad filter.
 */
export async function exportText(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  table: ExportTable,
  format: ExportFormat,
  filters: ExportFilters,
  options: { pageSize?: number; pageBytes?: number; signal?: AbortSignal } = {},
): Promise<AsyncIterable<string | Uint8Array>> {
  const lines = storeLines(deps, projectId, table, filters, format);
  const budget = options.pageBytes ?? LINE_PAGE_BYTES;
  const most = table === "traces" ? TRACE_LINE_PAGE : LINE_PAGE;
  let limit = options.pageSize ?? EXPORT_PAGE;
  const pages = await walk(
    async (cursor) => {
      const page = await lines(limit, cursor);
      if (options.pageSize === undefined) {
        const perRow = page.lines.length / limit;
        limit = Math.max(MIN_LINE_PAGE, Math.min(most, Math.floor(budget / Math.max(perRow, 1))));
      }
      return page;
    },
    (page) => (page.lines.length ? page.lines : null),
    options.signal,
  );
  if (format !== "csv") return pages;
  return (async function* () {
    yield csvRecord(EXPORT_COLUMNS[table]);
    yield* pages;
  })();
}

type LinePage = { lines: Uint8Array; nextCursor: string | null };

/** How the store writes a page of `table`'s lines in `format`. */
function storeLines(
  deps: Pick<Deps, "telemetry">,
  projectId: string,
  table: ExportTable,
  filters: ExportFilters,
  format: ExportFormat,
): (limit: number, cursor: string | undefined) => Promise<LinePage> {
  switch (table) {
    case "traces":
      return (limit, cursor) =>
        Traces.traceLines(deps, projectId, { ...(filters as ExportFilters<"traces">), limit, cursor }, format);
    case "observations":
      return (limit, cursor) =>
        Traces.observationLines(
          deps,
          projectId,
          { ...(filters as ExportFilters<"observations">), limit, cursor },
          format,
        );
    case "scores":
      return (limit, cursor) =>
        Scores.scoreLines(deps, projectId, { ...(filters as ExportFilters<"scores">), limit, cursor }, format);
  }
}
