/*
 * SQL twins of what the lists' JavaScript mappings do to a folded row, for lines the telemetry store writes whole,
 * as JSON or as CSV records (docs/export.md, "Lines written by the store"). Each mapping written this way has a test
 * that holds it to its JavaScript original.
 */

/** `[name, JSON text expression]` per field, in the order a line writes them. */
export type LineFields = readonly (readonly [string, string])[];

/** How a row's line is written: one JSON object (JSONL) or one CSV record. */
export type LineFormat = "jsonl" | "csv";

/** A line of text per folded row, written by the telemetry store. */
export interface RowLines {
  /** Columns computed over the folded row (`expr AS name, …`), which the fields read. */
  derived: string;
  /** The row's fields, each as its JSON text. */
  fields: LineFields;
  /**
   * More columns for `derived`, from a statement over the raw keys of the page's range (`keys`, a `SELECT` of
   * them): a `LEFT JOIN … USING (…)` clause. For a line that adds what other tables hold (a trace's observations).
   */
  join?: (keys: string) => string;
}

/** `isoOf`: the store's `YYYY-MM-DD hh:mm:ss.sss` as ISO 8601 with `Z`; null for null and for the epoch's first second. */
export const isoText = (c: string) =>
  `if(${c} IS NULL OR startsWith(${c}, '1970-01-01 00:00:00'), NULL, concat(replaceOne(${c}, ' ', 'T'), 'Z'))`;

/** A value as JSON text; null as `null`. Integers wider than 32 bits are the caller's to write (`toString`), never quoted. */
export const jsonOf = (e: string) => `ifNull(toJSONString(${e}), 'null')`;

/**
 * A stored JSON text as its value (`JSON.parse`): every writer stores `JSON.stringify` text, which is already the
 * value's JSON; text that is not JSON (or holds a line break or tab, which that never does) is a JSON string.
 */
export const storedJson = (c: string) =>
  `if(${c} IS NULL, 'null', if(isValidJSON(${c}) AND NOT match(${c}, '[\\t\\n\\r]'), ${c}, toJSONString(${c})))`;

/** One JSON object per row, its fields in their order. */
export const jsonObject = (fields: LineFields) =>
  `concat('{', ${fields.map(([name, value], i) => `'${i ? "," : ""}"${name}":', ${value}`).join(", ")}, '}')`;

/**
 * `csvField` (core/exports/formats.ts) of a value given as its JSON text `j`: null is empty, a string is its text,
 * a number, boolean, object or array its JSON; quoted, its quotes doubled, when it holds a comma, a quote, CR or LF.
 */
const CSV_CELL = `multiIf(j = 'null', '', startsWith(j, '"'), JSONExtractString(j), j)`;

/**
 * One CSV record per row (RFC 4180, as `csvRecord` writes it): the fields in their order, then CR; the store's
 * `TabSeparatedRaw` ends every row with the LF. Fields may hold line breaks, inside their quotes.
 */
export const csvRecordOf = (fields: LineFields) =>
  `concat(arrayStringConcat(arrayMap(j -> if(match(${CSV_CELL}, '[",\\r\\n]'), concat('"', replaceAll(${CSV_CELL}, '"', '""'), '"'), ${CSV_CELL}),
    [${fields.map(([, value]) => value).join(", ")}]), ','), '\\r')`;

/** The line expression of `format`. */
export const lineOf = (lines: RowLines, format: LineFormat) =>
  format === "csv" ? csvRecordOf(lines.fields) : jsonObject(lines.fields);
