import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { CsvError, parse } from "csv-parse/sync";
import { request } from "./api";
import { CliError, CONNECTION_OPTIONS, connectionOf, usage } from "./args";
import { table } from "./table";

/** Raw CSV bytes per request: JSON escaping may double quotes, and the service takes 5 MB bodies. */
export const DEFAULT_CHUNK_BYTES = 2_000_000;
const ERRORS_SHOWN = 20;

export const IMPORT_HELP = `sightline import --dataset <name> --file <path.csv> --input <column>[,<column>...] [--expected <column>] [--chunk-bytes <n>] [--json]
  Imports CSV rows as dataset items, in chunks of whole rows sent one after another (header repeated).
  Exit 0 when every row was added, 1 when some rows were rejected, 2 on a usage, file or connection error
  (a mapped column absent from the header imports nothing).`;

interface InsertResult {
  added: number;
  rejected: number;
  errors: { index: number; field: string; message: string }[];
}

/** RFC 4180 quoting of every field, so chunks carry cells exactly as the file did. */
const csvLine = (cells: readonly string[]) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(",");

/** Rows grouped into chunks of about `maxBytes`, each with its first row's position among the data rows. */
export function chunkRows(rows: readonly string[][], maxBytes: number): { offset: number; lines: string[] }[] {
  const chunks: { offset: number; lines: string[] }[] = [];
  let current: { offset: number; lines: string[] } | null = null;
  let size = 0;
  rows.forEach((row, i) => {
    const line = csvLine(row);
    const bytes = Buffer.byteLength(line) + 1;
    if (!current || (size + bytes > maxBytes && current.lines.length > 0)) {
      current = { offset: i, lines: [] };
      chunks.push(current);
      size = 0;
    }
    current.lines.push(line);
    size += bytes;
  });
  return chunks;
}

/** `sightline import`: checks the header locally, sends the chunks in sequence with a progress bar, sums the results. */
export async function importCsv(argv: string[], env: NodeJS.ProcessEnv, out: (s: string) => void): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...CONNECTION_OPTIONS,
      dataset: { type: "string" },
      file: { type: "string" },
      input: { type: "string" },
      expected: { type: "string" },
      "chunk-bytes": { type: "string" },
      json: { type: "boolean" },
    },
    strict: true,
  });
  if (!values.dataset || !values.file || !values.input)
    throw usage(`--dataset, --file and --input are required\n${IMPORT_HELP}`);
  const chunkBytes = values["chunk-bytes"] ? Number(values["chunk-bytes"]) : DEFAULT_CHUNK_BYTES;
  if (!Number.isInteger(chunkBytes) || chunkBytes < 1) throw usage("--chunk-bytes must be a positive integer");
  const conn = connectionOf(values, env);
  const inputColumns = values.input
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean);

  const text = await readFile(values.file, "utf8").catch((e: NodeJS.ErrnoException) => {
    throw usage(`Cannot read ${values.file}: ${e.code ?? e.message}`);
  });
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw usage(`${values.file} cannot be parsed: ${error.message}`);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw usage(`${values.file} is empty: its first row must name the columns`);
  const columns = header.map((h) => h.trim());
  // The service would refuse every chunk alike; checking here first means nothing is imported.
  for (const [column, key] of [
    ...inputColumns.map((c) => [c, "input"] as const),
    ...(values.expected ? [[values.expected, "expected"] as const] : []),
  ]) {
    if (!columns.includes(column))
      throw usage(
        `Column '${column}' (--${key}) is not in the CSV header (columns: ${columns.join(", ")}): nothing imported`,
      );
  }

  const mapping = {
    input: inputColumns.length === 1 ? inputColumns[0]! : inputColumns,
    ...(values.expected ? { expectedOutput: values.expected } : {}),
  };
  const headerLine = csvLine(header);
  const total: InsertResult = { added: 0, rejected: 0, errors: [] };
  const bar = new SingleBar({
    format: "Importing |{bar}| {percentage}% | {value}/{total} rows",
    stream: process.stderr,
    hideCursor: true,
  });
  bar.start(rows.length, 0);
  try {
    for (const chunk of chunkRows(rows, chunkBytes)) {
      const result = await request<InsertResult>(
        conn,
        "POST",
        `/v1/datasets/${encodeURIComponent(values.dataset)}/items/csv`,
        { csv: `${headerLine}\n${chunk.lines.join("\n")}\n`, mapping },
      );
      total.added += result.added;
      total.rejected += result.rejected;
      for (const e of result.errors) total.errors.push({ ...e, index: e.index + chunk.offset });
      bar.increment(chunk.lines.length);
    }
  } catch (error) {
    bar.stop();
    const message = error instanceof Error ? error.message : String(error);
    throw usage(
      `Import stopped after ${total.added + total.rejected} of ${rows.length} rows (${total.added} added): ${message}`,
    );
  }
  bar.stop();

  if (values.json) out(JSON.stringify(total, null, 2));
  else {
    out(
      `Imported ${rows.length} rows into dataset '${values.dataset}': ${total.added} added, ${total.rejected} rejected`,
    );
    if (total.errors.length) {
      out(
        `\n${table(
          ["index", "field", "message"],
          total.errors.slice(0, ERRORS_SHOWN).map((e) => [String(e.index), e.field, e.message]),
          [0],
        )}`,
      );
      if (total.errors.length > ERRORS_SHOWN)
        out(`… and ${total.errors.length - ERRORS_SHOWN} more (--json lists them all)`);
    }
  }
  if (total.rejected > 0) throw new CliError(1, "");
  return 0;
}
