import * as Exports from "@core/exports";
import type { Deps } from "@core/platform/deps";
import * as Scores from "@core/scores";
import * as Traces from "@core/traces";

/*
 * What an export holds, computed the slow way: the lists' own rows in key order (`keyOrder`), page by page, and
 * their text written in JavaScript. The store writes the exports' lines itself
 * (docs/export.md, "Lines written by the store"); tests hold those lines to this.
 */

export type ExportRow = Record<string, unknown>;
type Reader = Pick<Deps, "telemetry" | "blobs">;

function readPage(
  deps: Reader,
  projectId: string,
  table: Exports.ExportTable,
  filters: Exports.ExportFilters,
  limit: number,
  cursor: string | undefined,
) {
  const walk = { keyOrder: true };
  switch (table) {
    case "traces":
      return Traces.listTraces(
        deps,
        projectId,
        { ...(filters as Exports.ExportFilters<"traces">), limit, cursor },
        walk,
      );
    case "observations":
      return Traces.listObservations(
        deps,
        projectId,
        { ...(filters as Exports.ExportFilters<"observations">), limit, cursor },
        walk,
      );
    case "scores":
      return Scores.listScores(
        deps,
        projectId,
        { ...(filters as Exports.ExportFilters<"scores">), limit, cursor },
        walk,
      );
  }
}

/** Every row the list of `table` shows for `filters`, in the table's key order, walked in pages of `pageSize` raw rows. */
export async function exportRows(
  deps: Reader,
  projectId: string,
  table: Exports.ExportTable,
  filters: Exports.ExportFilters,
  pageSize = Exports.EXPORT_PAGE,
): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  let cursor: string | undefined;
  do {
    const page: { data: ExportRow[]; nextCursor: string | null } = await readPage(
      deps,
      projectId,
      table,
      filters,
      pageSize,
      cursor,
    );
    rows.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return rows;
}

/** The rows as the export's CSV (`csvRecord` per row, the header first) or JSONL text, written in JavaScript. */
export function encodeRows(
  table: Exports.ExportTable,
  format: Exports.ExportFormat,
  rows: readonly ExportRow[],
): string {
  const columns = Exports.EXPORT_COLUMNS[table];
  if (format === "jsonl") return rows.map((row) => `${JSON.stringify(row)}\n`).join("");
  return Exports.csvRecord(columns) + rows.map((row) => Exports.csvRecord(columns.map((c) => row[c]))).join("");
}
