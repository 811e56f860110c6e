import { ScoreView } from "../scores";
import { ObservationListItem, TraceListItem } from "../traces";
import type { ExportFormat, ExportTable } from "./export-query";

/** A CSV's columns: the fields of the list's rows, in the order of their schema (docs/export.md, "Streamed export"). */
export const EXPORT_COLUMNS: Record<ExportTable, readonly string[]> = {
  traces: Object.keys(TraceListItem.shape),
  observations: Object.keys(ObservationListItem.shape),
  scores: Object.keys(ScoreView.shape),
};

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  jsonl: "application/x-ndjson; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

/**
 * One CSV field (RFC 4180): null and absent are empty; objects and arrays are their JSON text; a field holding
 * a comma, a quote, CR or LF is quoted, its quotes doubled. Values are written as stored: no formula escaping,
 * which would change the data (docs/export.md).
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated as RFC 4180 writes them. */
export const csvRecord = (fields: readonly unknown[]) => `${fields.map(csvField).join(",")}\r\n`;

/** `traces-2026-01-02T03-04-05Z.csv`: the table and when the export started, safe in any file system. */
export const exportFileName = (table: ExportTable, format: ExportFormat, at: Date) =>
  `${table}-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-")}.${format}`;
