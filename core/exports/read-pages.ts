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
  return walk(
    (cursor) => readPage(deps, projectId, table, filters, size, cursor),
    (page) => (page.data.length ? page.data : null),
    options.signal,
  );
}

/**
 * A key-order walk: the first page is read before this resolves (a bad filter throws here), then each page after
 * it once the last one is taken; `shown` is what a page yields (null: nothing, the page is empty). Stops at the end
 * of the table or once `signal` is aborted.
 */
export async function walk<P extends { nextCursor: string | null }, T>(
  read: (cursor: string | undefined) => Promise<P>,
  shown: (page: P) => T | null,
  signal: AbortSignal | undefined,
): Promise<AsyncIterable<T>> {
  const first = await read(undefined);
  return (async function* () {
    let page = first;
    for (;;) {
      const out = shown(page);
      if (out !== null) yield out;
      if (!page.nextCursor || signal?.aborted) return;
      page = await read(page.nextCursor);
    }
  })();
}
