import type { Deps } from "../platform/deps";
import * as Traces from "../traces";
import type { ExportFilters, ExportTable } from "./export-query";

/**
 * Rows per page: the list engine's pages are its unit of memory, so an export holds one page (plus the
 * text being written) whatever its size. Larger pages cost fewer statements per row; 2,000 measured best
 * here (docs/export.md, "Streamed export").
 */
export const EXPORT_PAGE = 2_000;

export type ExportRow = Record<string, unknown>;
type Reader = Pick<Deps, "ch" | "blobs">;

function readPage(deps: Reader, projectId: string, table: ExportTable, filters: ExportFilters, limit: number, cursor: string | undefined): Promise<{ data: ExportRow[]; nextCursor: string | null }> {
  switch (table) {
    case "traces":
      return Traces.listTraces(deps, projectId, { ...(filters as ExportFilters<"traces">), limit, cursor });
    case "observations":
      return Traces.listObservations(deps, projectId, { ...(filters as ExportFilters<"observations">), limit, cursor });
    case "scores":
      return Traces.listScores(deps, projectId, { ...(filters as ExportFilters<"scores">), limit, cursor });
  }
}

/**
 * Every row the list of `table` shows for `filters`, page by page, in the list's order: the same use case,
 * filters and keyset cursor as `GET /v1/<table>` (docs/reads.md, "Decisions"). The first page is read before this
 * resolves, so a bad filter throws here (a 400 before any byte is streamed) rather than mid-stream.
 *
 * @throws invalid_input for a bad filter.
 */
export async function readPages(deps: Reader, projectId: string, table: ExportTable, filters: ExportFilters, options: { pageSize?: number; signal?: AbortSignal } = {}): Promise<AsyncIterable<ExportRow[]>> {
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
