import type { Deps } from "../platform/deps";
import * as Scores from "../scores";
import * as Traces from "../traces";
import type { ExportFilters, ExportTable } from "./export-query";

/**
 * Raw rows per page of the key-order walk: a page is the export's unit of memory (its rows plus their text,
 * whatever the export's size) and costs two statements, so larger pages cost less per row
 * (docs/export.md, "Speed").
 */
export const EXPORT_PAGE = 5_000;

export type ExportRow = Record<string, unknown>;
type Reader = Pick<Deps, "telemetry" | "blobs">;
/** Exports walk the sort key, not the list's order: `limit` is then the raw rows a page spans. */
const WALK = { keyOrder: true };

function readPage(
  deps: Reader,
  projectId: string,
  table: ExportTable,
  filters: ExportFilters,
  limit: number,
  cursor: string | undefined,
): Promise<{ data: ExportRow[]; nextCursor: string | null }> {
  switch (table) {
    case "traces":
      return Traces.listTraces(deps, projectId, { ...(filters as ExportFilters<"traces">), limit, cursor }, WALK);
    case "observations":
      return Traces.listObservations(
        deps,
        projectId,
        { ...(filters as ExportFilters<"observations">), limit, cursor },
        WALK,
      );
    case "scores":
      return Scores.listScores(deps, projectId, { ...(filters as ExportFilters<"scores">), limit, cursor }, WALK);
  }
}

/**
 * Every row the list of `table` shows for `filters`, page by page, in the table's key order (trace id, then id;
 * traces by id), not the list's `orderBy`: the same use case and filters as `GET /v1/<table>`, walking the key
 * ranges of the table (docs/export.md, "Speed"). A page may be empty when the filters are selective. The first
 * page is read before this resolves, so a bad filter throws here (a 400 before any byte is streamed).
 *
 * @throws invalid_input for a bad filter.
 */
export async function readPages(
  deps: Reader,
  projectId: string,
  table: ExportTable,
  filters: ExportFilters,
  options: { pageSize?: number; signal?: AbortSignal } = {},
): Promise<AsyncIterable<ExportRow[]>> {
  const size = options.pageSize ?? EXPORT_PAGE;
  const first = await readPage(deps, projectId, table, filters, size, undefined);
  return (async function* () {
    let page = first;
    for (;;) {
      if (page.data.length) yield page.data;
      if (!page.nextCursor || options.signal?.aborted) return;
      page = await readPage(deps, projectId, table, filters, size, page.nextCursor);
    }
  })();
}
