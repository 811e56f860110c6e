import { CsvError, parse } from "csv-parse/sync";
import type { Deps } from "../platform/deps";
import { csvMissingColumn, invalid } from "../platform/errors";
import type { CsvImportInput, InsertResult } from "./datasets.schema";
import { acceptItems, type CandidateItem } from "./insert-items";
import { findDataset } from "./lookup";

/**
 * A cell that looks like a JSON object or array (trimmed, starts with `{` or `[` and parses) becomes
 * that value; any other cell stays the string it is, so `123` stays `"123"` (docs/datasets.md, "CSV import").
 */
export function cellValue(cell: string): unknown {
  const t = cell.trim();
  if ((t.startsWith("{") && t.endsWith("}")) || (t.startsWith("[") && t.endsWith("]"))) {
    try {
      return JSON.parse(t);
    } catch {
      return cell;
    }
  }
  return cell;
}

/** The records of a CSV text; quoted commas and newlines, escaped quotes, CRLF and a BOM are handled (rule 4). */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, { bom: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw invalid(`The CSV cannot be parsed: ${error.message}`, { code: error.code });
    throw error;
  }
}

/**
 * Turns rows into items by the mapping (rules 1–2): one input column gives the cell itself, several
 * an object keyed by column name; an empty expected-output cell means no expected output.
 * @throws csv_missing_column when a mapped column is not in the header (rule 5): nothing is imported.
 */
export function rowsToItems(
  header: readonly string[],
  rows: readonly string[][],
  mapping: CsvImportInput["mapping"],
): CandidateItem[] {
  const columns = header.map((h) => h.trim());
  const position = (column: string, key: string) => {
    const at = columns.indexOf(column);
    if (at < 0)
      throw csvMissingColumn(
        `Column '${column}' named by mapping.${key} is not in the CSV header (columns: ${columns.join(", ")})`,
        { column, mapping: key, columns },
      );
    return at;
  };
  const inputColumns = [mapping.input].flat();
  const inputAt = inputColumns.map((c) => position(c, "input"));
  const expectedAt = mapping.expectedOutput ? position(mapping.expectedOutput, "expectedOutput") : -1;
  return rows.map((row) => {
    const input =
      inputAt.length === 1
        ? cellValue(row[inputAt[0]!]!)
        : Object.fromEntries(inputColumns.map((c, i) => [c, cellValue(row[inputAt[i]!]!)]));
    const expected = expectedAt >= 0 ? row[expectedAt]! : "";
    return { input, expectedOutput: expected === "" ? null : cellValue(expected) };
  });
}

/**
 * Imports CSV rows as items (docs/datasets.md, "CSV import"): the first record names the columns, each
 * later record is one item, checked against the declared schema like an insert; `index` in the
 * errors is the record's position after the header (0 for the first data row).
 * @throws not_found for an unknown dataset; csv_missing_column when a mapped column is absent;
 * invalid_input when the CSV cannot be parsed or has no header. Either failure imports nothing.
 */
export async function importCsv(
  deps: Pick<Deps, "db" | "clock" | "ids">,
  projectId: string,
  datasetName: string,
  input: CsvImportInput,
): Promise<InsertResult> {
  const dataset = await findDataset(deps.db, projectId, datasetName);
  const [header, ...rows] = parseCsv(input.csv);
  if (!header) throw invalid("The CSV is empty: its first row must name the columns");
  return acceptItems(deps, dataset, rowsToItems(header, rows, input.mapping));
}
