import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { openPglite } from "../core/adapters/postgres/pglite";
import { type Connection, request } from "../sdk/cli/api";
import { importCsv } from "../sdk/cli/import-csv";
import { kill, spawnServer } from "../tests/support/spawn-server";
import { fmt } from "./lib";

const KEY = { publicKey: "pk-sl-bench-datasets", secretKey: "sk-sl-bench-datasets" };
const ITEMS = 10_000;
const CSV_BYTES = 10 * 1024 * 1024;
const ROUNDS = 3;
const SCHEMA = {
  input: {
    required: ["question", "lang"],
    properties: {
      question: { type: "string" },
      lang: { type: "string", enum: ["en", "fr", "de"] },
      context: { type: "string" },
    },
  },
  expectedOutput: { type: "string" },
};
const root = fileURLToPath(new URL("../", import.meta.url));

const item = (i: number) => ({
  input: {
    question: `What is the capital of country number ${i}?`,
    lang: ["en", "fr", "de"][i % 3],
    context: `Context paragraph ${i}: ${"lorem ipsum dolor sit amet ".repeat(3)}`,
  },
  expectedOutput: `Capital ${i}`,
  metadata: { source: "bench", row: i },
});

/** About `bytes` of CSV in the shape users import: quoted commas, escaped quotes, newlines in quotes. */
function csvFile(bytes: number): { text: string; rows: number } {
  const lines = ["question,lang,context,answer"];
  let size = lines[0]!.length + 1;
  for (let i = 0; size < bytes; i++) {
    const line = `"Question ${i}, about ""quoted"" things?",${["en", "fr", "de"][i % 3]},"Context ${i}: ${"lorem ipsum dolor sit amet ".repeat(4)}\nsecond line","Answer ${i}"`;
    lines.push(line);
    size += line.length + 1;
  }
  return { text: `${lines.join("\n")}\n`, rows: lines.length - 1 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = async (fn: () => Promise<unknown>) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

/**
 * Issue 6 targets: insert of 10,000 items with a declared schema ≤ 1 s (one `POST .../items` through
 * HTTP), and CSV import of 10 MB ≤ 3 s (the `sightline import` chunked path: header checked locally,
 * ~2 MB chunks of whole rows sent in sequence). Baselines in the same run: a raw bulk INSERT of the
 * same rows into a PGlite of the same version, and a raw csv-parse of the same file.
 */
export async function benchDatasets(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "sightline-bench-datasets-"));
  const server = await spawnServer({
    SIGHTLINE_DATA_DIR: join(dataDir, "app"),
    SIGHTLINE_INIT_PUBLIC_KEY: KEY.publicKey,
    SIGHTLINE_INIT_SECRET_KEY: KEY.secretKey,
    SIGHTLINE_LOG_LEVEL: "warn",
  });
  const conn: Connection = { baseUrl: server.url, ...KEY };
  const items = Array.from({ length: ITEMS }, (_, i) => item(i));
  const csv = csvFile(CSV_BYTES);
  const csvPath = join(dataDir, "bench.csv");
  writeFileSync(csvPath, csv.text);
  try {
    const dataset = async (name: string) => {
      await request(conn, "POST", "/v1/datasets", { name });
      await request(conn, "PUT", `/v1/datasets/${name}/schema`, SCHEMA);
      return name;
    };
    // Warm-up: the first request of each kind pays for module loading.
    await request(conn, "POST", `/v1/datasets/${await dataset("warm")}/items`, { items: items.slice(0, 100) });

    const insert: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const name = await dataset(`insert-${r}`);
      insert.push(
        await time(async () => {
          const result = await request<{ added: number }>(conn, "POST", `/v1/datasets/${name}/items`, { items });
          if (result.added !== ITEMS) throw new Error(`added ${result.added} of ${ITEMS}`);
        }),
      );
    }

    const imports: number[] = [];
    const env = {
      SIGHTLINE_BASE_URL: server.url,
      SIGHTLINE_PUBLIC_KEY: KEY.publicKey,
      SIGHTLINE_SECRET_KEY: KEY.secretKey,
    };
    for (let r = 0; r < ROUNDS; r++) {
      const name = await dataset(`csv-${r}`);
      let printed = "";
      imports.push(
        await time(() =>
          importCsv(
            [
              "--dataset",
              name,
              "--file",
              csvPath,
              "--input",
              "question,lang,context",
              "--expected",
              "answer",
              "--json",
            ],
            env,
            (s) => (printed += s),
          ),
        ),
      );
      if (JSON.parse(printed).added !== csv.rows) throw new Error(`imported ${printed}`);
    }

    const rawParse: number[] = [];
    for (let r = 0; r < ROUNDS; r++)
      rawParse.push(
        await time(async () => parse(readFileSync(csvPath, "utf8"), { bom: true, skip_empty_lines: true })),
      );

    const pg = await openPglite({ dataDir: join(dataDir, "raw-pg") });
    const rawInsert: number[] = [];
    try {
      await pg.migrate(join(root, "migrations", "postgres"));
      for (let r = 0; r < ROUNDS; r++) {
        await pg.db.execute(
          sql`INSERT INTO datasets (id, project_id, name, created_at, updated_at) VALUES (${`raw-${r}`}, 'raw', ${`raw-${r}`}, now(), now())`,
        );
        const rows = JSON.stringify(
          items.map((it, i) => ({
            id: `item-${i}`,
            input: it.input,
            expected_output: it.expectedOutput,
            metadata: it.metadata,
          })),
        );
        rawInsert.push(
          await time(() =>
            pg.db.execute(sql`INSERT INTO dataset_items (dataset_id, id, input, expected_output, metadata, created_at, updated_at)
              SELECT ${`raw-${r}`}, x.id, x.input, x.expected_output, x.metadata, now(), now()
              FROM jsonb_to_recordset(${rows}::jsonb) AS x(id text, input jsonb, expected_output jsonb, metadata jsonb)`),
          ),
        );
      }
    } finally {
      await pg.close();
    }

    const ms = (xs: number[]) => `${fmt(median(xs), 0)} ms (max ${fmt(Math.max(...xs), 0)} ms)`;
    const mb = (csv.text.length / 2 ** 20).toFixed(1);
    return [
      "## Datasets (issue 6)",
      "",
      "| measure | target | median of 3 |",
      "|---|---|---|",
      `| insert of ${ITEMS.toLocaleString("en")} items with a declared schema (\`POST /v1/datasets/{name}/items\`, one request) | ≤ 1 s | ${ms(insert)} |`,
      `| raw bulk INSERT of the same rows into PGlite (baseline, no HTTP, no checks) | — | ${ms(rawInsert)} |`,
      `| CSV import of ${mb} MB (${csv.rows.toLocaleString("en")} rows) through \`sightline import\`'s chunked path | ≤ 3 s | ${ms(imports)} |`,
      `| raw csv-parse of the same file (baseline) | — | ${ms(rawParse)} |`,
      "",
      `Against \`npm start\` on embedded stores (PGlite, chDB), keep-alive requests on loopback. Items: an object input of three fields checked against a schema with \`required\`, types and an \`enum\`, a string expected output, metadata; about ${Math.round(JSON.stringify({ items }).length / 1024)} KB per request. The CSV import runs the command's code in this process (without the ~0.5 s start of a new Node process with tsx): the header is checked locally, rows are re-quoted into chunks of about 2 MB (the default, under the 5 MB body limit) sent one after another, and the service parses each chunk, checks it against the same schema and inserts it. One-minute load average at the end: ${fmt(loadavg()[0]!, 1)}.`,
      "",
    ].join("\n");
  } finally {
    await kill(server, "SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}
